import type { Message } from '@schooliko/common/messages';
import type {
  NotificationItem,
  NotificationList,
  NotificationListQuery,
} from '@schooliko/common/notifications';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Invalidate } from '../../plugins/cache-invalidation';
import { users } from '../auth';
import { NotificationHub } from './notification-hub';
import { type NotificationReader, ownNotifications } from './notifications.policy';
import {
  type Notification,
  type NotificationAction,
  type NotificationType,
  notifications,
} from './notifications.table';

export { NotificationHub };

export type NewNotification = {
  instituteId: string;
  recipientId: string;
  type: NotificationType;
  title: string;
  message: string;
  actions?: NotificationAction[];
  eventType?: string;
  eventId?: string;
  data?: Record<string, unknown>;
};

/** Where new notifications are announced: the hub, or a buffer that publishes after a commit. */
export type NotificationPublisher = { publish: (notification: Notification) => void };

export async function createNotifications(
  db: Db,
  hub: NotificationPublisher,
  items: NewNotification[],
): Promise<Notification[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(items.map((i) => ({ ...i, actions: i.actions ?? [], data: i.data ?? {} })))
    .returning();
  for (const row of rows) hub.publish(row);
  return rows;
}

/**
 * What Approve / Reject on a notification do is owned by the module whose event it is
 * (a pending membership, a group join request); each sets a handler for its eventType in its
 * app's `notificationActions` when its routes register (one registry per app, none per process).
 * The handler runs inside the transaction that marks the notification acted: `db` is that
 * transaction, and what it publishes on `hub` or announces to `invalidate` goes out once the
 * transaction has committed. Throwing an HttpError undoes everything and passes its status and
 * message to the caller.
 */
export type ActionContext = {
  db: Db;
  hub: NotificationPublisher;
  invalidate: Invalidate;
  actorId: string;
  instituteId: string;
};
export type ActionHandler = (
  ctx: ActionContext,
  eventId: string,
  action: NotificationAction,
) => Promise<{ message: Message | string }>;

/** The handlers of one app, by eventType (`app.notificationActions`). */
export type NotificationActions = Map<string, ActionHandler>;

/** Spec 3.8 as the web reads it; Approve / Reject are offered only while nobody has acted. */
export function toNotificationItem(row: Notification, actedBy: string | null = null): NotificationItem {
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    status: row.status,
    actions: row.actedAt ? [] : row.actions,
    acted: row.actedAt !== null,
    acted_action: row.actedAt ? row.actedAction : null,
    acted_by: row.actedAt ? actedBy : null,
    acted_at: row.actedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    event_id: row.eventId,
  };
}

/** The name of whoever acted on a notification (users joined on acted_by). */
const actorName = sql<string | null>`${personName(users)}`;

/** A notification as the web reads it, with the name of whoever acted on it. */
export async function readNotificationItem(db: Db, row: Notification): Promise<NotificationItem> {
  if (!row.actedBy) return toNotificationItem(row);
  const [actor] = await db.select({ name: actorName }).from(users).where(eq(users.id, row.actedBy));
  return toNotificationItem(row, actor?.name ?? null);
}

export async function listNotifications(
  db: Db,
  reader: NotificationReader,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const rows = await db
    .select({ row: getTableColumns(notifications), actedBy: actorName })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actedBy))
    .where(ownNotifications(reader))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset(query.skip);
  const [totals] = await db.select({ total: count() }).from(notifications).where(ownNotifications(reader));
  const total = totals?.total ?? 0;
  return {
    notifications: rows.map((r) => toNotificationItem(r.row, r.actedBy)),
    pagination: { limit: query.limit, skip: query.skip, total, hasMore: query.skip + rows.length < total },
  };
}

/** Served by the partial index on unread rows. */
export async function unreadCount(db: Db, reader: NotificationReader): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(ownNotifications(reader), eq(notifications.status, 'unread')));
  return row?.n ?? 0;
}

/** False when the caller has no such notification (someone else's, another institute's, or none). */
export async function markAsRead(db: Db, reader: NotificationReader, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(ownNotifications(reader), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllAsRead(db: Db, reader: NotificationReader): Promise<void> {
  await db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(ownNotifications(reader), eq(notifications.status, 'unread')));
}
