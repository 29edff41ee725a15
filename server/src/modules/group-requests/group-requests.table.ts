import type { JoinRequestStatus } from '@schooliko/common/group-requests';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';
import { groups } from '../groups/groups.table';

/** A director asking to join a group (spec 3.7, 4.5); at most one pending per director and group. */
export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<JoinRequestStatus>().notNull().default('pending'),
    message: text('message').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    // Tenant key first (ADR 007); a request is also found by its id alone (a group's primaries
    // decide it from several institutes).
    primaryKey({ columns: [t.instituteId, t.id] }),
    index('group_join_requests_id_idx').on(t.id),
    uniqueIndex('group_join_requests_one_pending_idx')
      .on(t.groupId, t.requesterId)
      .where(sql`status = 'pending'`),
    index('group_join_requests_requester_idx').on(t.requesterId, t.updatedAt),
    index('group_join_requests_institute_idx').on(t.instituteId, t.createdAt),
    index('group_join_requests_group_idx').on(t.groupId, t.status),
  ],
);
export type JoinRequestRow = typeof groupJoinRequests.$inferSelect;
