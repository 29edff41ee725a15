// The attendance module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { attendancePercentOf, attendanceToday, attendanceToTake } from './attendance.dashboard';
