import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type Actor, scoped } from '../../kit/scope';
import type { NotificationPublisher } from './notifications.service';
import type { Notification } from './notifications.table';

/**
 * `scoped`, for work that notifies people: the notifications it makes are announced (the bell,
 * the live stream) only once its transaction has committed, so nobody hears of what was undone.
 */
export async function scopedNotifying<T>(
  request: FastifyRequest,
  work: (tx: Db, hub: NotificationPublisher, actor: Actor) => Promise<T>,
): Promise<T> {
  const made: Notification[] = [];
  const result = await scoped(request, (tx, actor) => work(tx, { publish: (n) => made.push(n) }, actor));
  for (const n of made) request.server.notificationHub.publish(n);
  return result;
}
