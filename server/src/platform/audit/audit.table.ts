import { index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * Every change to a person's record: who, when, what it was and what it became (only the fields
 * that changed). Rows are only ever added; the app's database role may not update or delete them.
 */
export const auditLog = tenantTable(
  'audit_log',
  {
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb('after').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.instituteId, t.entity, t.entityId, t.at),
    // The latest changes of a kind (the admin dashboard's recent admissions), at any size.
    index('audit_log_action_idx').on(t.instituteId, t.entity, t.action, t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
