import { index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

export type ChangeRequestStatus = 'pending' | 'approved' | 'rejected';

/**
 * A parent's or student's request to change their record (address, phone): it applies only when
 * a staff member approves it (Gibbon's "Data Updater").
 */
export const changeRequests = tenantTable(
  'change_requests',
  {
    entity: text('entity').$type<'student' | 'guardian'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    note: text('note').notNull().default(''),
    status: text('status').$type<ChangeRequestStatus>().notNull().default('pending'),
    requestedBy: uuid('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull().default(''),
    reviewedBy: uuid('reviewed_by'),
    reviewNote: text('review_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('change_requests_status_idx').on(t.instituteId, t.status, t.createdAt)],
);
export type ChangeRequestRow = typeof changeRequests.$inferSelect;
