// The enquiries module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { newEnquiries } from './enquiries.reports';
