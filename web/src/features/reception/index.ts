// The reception feature as other features use it (scripts/boundaries.mjs, feature-index).
export { AppointmentRequestCard } from './appointment-request-lazy';
