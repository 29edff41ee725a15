import type { Message } from '@schooliko/common/messages';
import { NOTIFICATION_MESSAGES } from '@schooliko/common/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Invalidate, Invalidation } from '../../plugins/cache-invalidation';
import { httpError } from '../../plugins/errors';
import { type NotificationReader, ownNotifications } from './notifications.policy';
import type { NotificationActions, NotificationHub, NotificationPublisher } from './notifications.service';
import { type Notification, type NotificationAction, notifications } from './notifications.table';

/**
 * Approve or Reject from a notification. The first person to act wins: the claim below marks
 * every open copy of the event (other admins' notifications lose their buttons) in the same
 * transaction as the owning module's handler, so a failed handler leaves all copies open and a
 * second, concurrent actor finds nothing left to claim (409).
 */
export async function actOnNotification(
  {
    db,
    hub,
    invalidate,
    handlers,
  }: { db: Db; hub: NotificationHub; invalidate: Invalidate; handlers: NotificationActions },
  reader: NotificationReader,
  id: string,
  action: NotificationAction,
): Promise<{ message: Message | string; notification: Notification }> {
  const outbox: Notification[] = [];
  const buffered: NotificationPublisher = { publish: (n) => outbox.push(n) };
  // The actor's own notification is read now.
  const changes: Invalidation[] = [
    { kind: 'unread', instituteId: reader.instituteId, userId: reader.userId },
  ];
  const afterCommit: Invalidate = async (change) => {
    changes.push(change);
  };

  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(and(ownNotifications(reader), eq(notifications.id, id)))
      .limit(1);
    if (!row) throw httpError(404, NOTIFICATION_MESSAGES.notFound);
    const { eventType, eventId } = row;
    if (row.actedAt || !row.actions.includes(action) || !eventType || !eventId)
      throw httpError(409, NOTIFICATION_MESSAGES.alreadyHandled);
    const handler = handlers.get(eventType);
    if (!handler) throw httpError(409, NOTIFICATION_MESSAGES.cannotHandle);

    const claimed = await tx
      .update(notifications)
      .set({ actedAt: sql`now()`, actedBy: reader.userId, actedAction: action })
      .where(
        and(
          eq(notifications.instituteId, reader.instituteId),
          eq(notifications.eventType, eventType),
          eq(notifications.eventId, eventId),
          isNull(notifications.actedAt),
        ),
      )
      .returning({ id: notifications.id });
    if (!claimed.some((c) => c.id === row.id)) throw httpError(409, NOTIFICATION_MESSAGES.alreadyHandled);

    const [notification] = await tx
      .update(notifications)
      .set({ status: 'read' })
      .where(and(eq(notifications.instituteId, row.instituteId), eq(notifications.id, row.id)))
      .returning();
    const outcome = await handler(
      {
        db: tx,
        hub: buffered,
        invalidate: afterCommit,
        actorId: reader.userId,
        instituteId: reader.instituteId,
      },
      eventId,
      action,
    );
    if (!notification) throw httpError(404, NOTIFICATION_MESSAGES.notFound);
    return { message: outcome.message, notification };
  });

  for (const n of outbox) hub.publish(n);
  for (const change of changes) await invalidate(change);
  return result;
}
