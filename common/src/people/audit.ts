import { z } from 'zod';

/** One line of a record's history tab: who changed what, when, from what to what. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_name: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
