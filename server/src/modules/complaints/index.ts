// The complaints module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { openComplaints } from './complaints.service';
