import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client';
import {
  type Notification,
  type NotificationAction,
  type NotificationType,
  notifications,
} from './notifications.table';

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

/**
 * Fan-out of new notifications to open server-sent-event streams. In-process by default; with
 * more than one instance a Redis channel relays them (the hub's `publish` is the one seam).
 */
export class NotificationHub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(notification: Notification) {
    this.emitter.emit(notification.recipientId, notification);
  }

  subscribe(recipientId: string, listener: (n: Notification) => void): () => void {
    this.emitter.on(recipientId, listener);
    return () => this.emitter.off(recipientId, listener);
  }
}

export async function createNotifications(
  db: Db,
  hub: NotificationHub,
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
 * (a pending membership, a group join request); each registers a handler for its eventType.
 */
export type ActionContext = { db: Db; hub: NotificationHub; actorId: string; instituteId: string };
export type ActionHandler = (
  ctx: ActionContext,
  eventId: string,
  action: NotificationAction,
) => Promise<{ message: string }>;

const actionHandlers = new Map<string, ActionHandler>();

export function registerNotificationAction(eventType: string, handler: ActionHandler) {
  actionHandlers.set(eventType, handler);
}

export function notificationActionHandler(eventType: string): ActionHandler | undefined {
  return actionHandlers.get(eventType);
}
