import { failSchema, okSchema } from '@schooliko/common/http';
import {
  NOTIFICATION_MESSAGES,
  notificationActionResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
} from '@schooliko/common/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { requireAuth } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import { actOnNotification } from './notifications.actions';
import type { NotificationReader } from './notifications.policy';
import { listNotifications, markAllAsRead, markAsRead, readNotificationItem } from './notifications.service';
import { notificationStreamRoute } from './notifications.stream';
import type { NotificationAction } from './notifications.table';

const tags = ['notifications'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string().max(100) });
const countReply = { 200: okSchema(unreadCountSchema), 401: failSchema, 404: failSchema };
const actionReply = {
  200: okSchema(notificationActionResultSchema),
  401: failSchema,
  404: failSchema,
  409: failSchema,
};

/** A malformed id is answered like an unknown one: the caller learns nothing either way. */
function notificationId(id: string): string {
  if (!UUID.test(id)) throw httpError(404, NOTIFICATION_MESSAGES.notFound);
  return id;
}

/** Spec 7.4: the signed-in user's own notifications at this institute, any role. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const unreadCount = (reader: NotificationReader) => app.unreadCounts.count(reader);
  /** After the caller's own change: every instance forgets their count, then it is counted anew. */
  const recount = async (reader: NotificationReader) => {
    await app.invalidation.invalidate({
      kind: 'unread',
      instituteId: reader.instituteId,
      userId: reader.userId,
    });
    return unreadCount(reader);
  };

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first',
        querystring: notificationListQuerySchema,
        response: { 200: okSchema(notificationListSchema), 401: failSchema },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request);
      return ok(await listNotifications(db, ctx, request.query));
    },
  );

  app.get(
    '/unreadCount',
    { schema: { tags, summary: 'How many of my notifications are unread', response: countReply } },
    async (request) => {
      const ctx = await requireAuth(request);
      return ok({ unreadCount: await unreadCount(ctx) });
    },
  );

  app.post(
    '/:id/markAsRead',
    { schema: { tags, summary: 'Mark one notification as read', params: idParams, response: countReply } },
    async (request) => {
      const ctx = await requireAuth(request);
      if (!(await markAsRead(db, ctx, notificationId(request.params.id))))
        throw httpError(404, NOTIFICATION_MESSAGES.notFound);
      return ok({ unreadCount: await recount(ctx) }, NOTIFICATION_MESSAGES.markedAsRead);
    },
  );

  app.post(
    '/markAllAsRead',
    { schema: { tags, summary: 'Mark all my notifications as read', response: countReply } },
    async (request) => {
      const ctx = await requireAuth(request);
      await markAllAsRead(db, ctx);
      return ok({ unreadCount: await recount(ctx) }, NOTIFICATION_MESSAGES.allMarkedAsRead);
    },
  );

  for (const action of ['approve', 'reject'] as const satisfies NotificationAction[]) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'approve' ? 'Approve' : 'Reject'} the request a notification carries`,
          params: idParams,
          response: actionReply,
        },
      },
      async (request) => {
        const ctx = await requireAuth(request);
        const id = notificationId(request.params.id);
        const { message, notification } = await actOnNotification(
          {
            db,
            hub: app.notificationHub,
            invalidate: app.invalidation.invalidate,
            handlers: app.notificationActions,
          },
          ctx,
          id,
          action,
        );
        return ok(
          {
            notification: await readNotificationItem(db, notification),
            unreadCount: await unreadCount(ctx),
          },
          message,
        );
      },
    );
  }

  await app.register(notificationStreamRoute);
};
