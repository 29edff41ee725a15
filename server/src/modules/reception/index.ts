// The reception module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { APPOINTMENT_EVENT, appointmentsToday } from './appointments.service';
export { visitorsToday } from './visitors.service';
