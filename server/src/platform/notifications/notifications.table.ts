import {
  NOTIFICATION_TYPES as COMMON_NOTIFICATION_TYPES,
  type NotificationActionName,
} from '@schooliko/common/notifications';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { institutes } from '../institutes/institutes.table';

export const NOTIFICATION_TYPES = COMMON_NOTIFICATION_TYPES;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationAction = NotificationActionName;

/**
 * Spec 3.8. `eventType` and `eventId` name what Approve / Reject act on (a pending membership,
 * a group join request); the module that owns that event registers the handler.
 */
export const notifications = pgTable(
  'notifications',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'unread' | 'read'>().notNull().default('unread'),
    actions: text('actions').array().$type<NotificationAction[]>().notNull().default([]),
    eventType: text('event_type'),
    eventId: text('event_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    /** Who approved or rejected the request (on every copy of the event), and which it was. */
    actedBy: uuid('acted_by'),
    actedAction: text('acted_action').$type<NotificationAction>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    // A page is a backward scan of this index (an incremental sort breaks created_at ties by id);
    // adding id to it measured no faster with 2,000,000 rows (bench/README.md), only wider.
    index('notifications_recipient_idx').on(t.instituteId, t.recipientId, t.createdAt),
    index('notifications_unread_idx').on(t.instituteId, t.recipientId).where(sql`status = 'unread'`),
    index('notifications_event_idx').on(t.eventType, t.eventId),
  ],
);
export type Notification = typeof notifications.$inferSelect;
