// The audit module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { type AuditEntity, recentChanges, recordChange } from './audit.service';
