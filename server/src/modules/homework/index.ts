// The homework module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { activeAssignmentsOf, pendingAssignmentsOf } from './homework.dashboard';
