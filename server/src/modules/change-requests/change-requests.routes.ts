import { listSchema, okSchema } from '@schooliko/common/http';
import {
  CHANGE_REQUEST_MESSAGES,
  changeRequestListQuery,
  changeRequestSchema,
  createChangeRequestSchema,
  reviewChangeRequestSchema,
} from '@schooliko/common/people/change-requests';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { type Actor, scoped } from '../../kit/scope';
import type { NotificationPublisher } from '../notifications/notifications.service';
import type { Notification } from '../notifications/notifications.table';
import { createChangeRequest, decideChangeRequest, listChangeRequests } from './change-requests.service';

const tags = ['change requests'];

/** Runs `work` in the request's scope; the notifications it makes are announced once it commits. */
async function scopedWithNotifications<T>(
  app: FastifyInstance,
  request: Parameters<typeof scoped>[0],
  work: (tx: Db, hub: NotificationPublisher, actor: Actor) => Promise<T>,
): Promise<T> {
  const outbox: Notification[] = [];
  const result = await scoped(request, (tx, actor) => work(tx, { publish: (n) => outbox.push(n) }, actor));
  for (const n of outbox) app.notificationHub.publish(n);
  return result;
}

/** Change requests (Gibbon's "Data Updater"), under /api/change-requests. */
export const changeRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: ['change-requests:review', 'change-requests:create'] },
      schema: {
        tags,
        summary: "Change requests, newest first: a reviewer's all, everyone else's their own",
        querystring: changeRequestListQuery,
        response: { 200: okSchema(listSchema(changeRequestSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await scoped(request, (tx, actor) => listChangeRequests(tx, actor, request.query)),
    }),
  );

  app.post(
    '/',
    {
      config: { permission: 'change-requests:create' },
      schema: {
        tags,
        summary: 'Asks the office to change your own or your child’s contact details',
        body: createChangeRequestSchema,
        response: { 201: okSchema(changeRequestSchema) },
      },
    },
    async (request, reply) => {
      const data = await scopedWithNotifications(app, request, (tx, hub, actor) =>
        createChangeRequest(tx, hub, actor, request.body),
      );
      reply.status(201);
      return { success: true as const, message: CHANGE_REQUEST_MESSAGES.created, data };
    },
  );

  for (const [path, decision, message] of [
    ['/:id/approve', 'approved', CHANGE_REQUEST_MESSAGES.approved],
    ['/:id/reject', 'rejected', CHANGE_REQUEST_MESSAGES.rejected],
  ] as const)
    app.post(
      path,
      {
        config: { permission: 'change-requests:review' },
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? 'Approves a pending request: the change applies, audited'
              : 'Rejects a pending request with a note',
          params: uuidParam,
          // An empty POST arrives as null: the note is optional, so is the body.
          body: reviewChangeRequestSchema.nullish(),
          response: { 200: okSchema(changeRequestSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        message,
        data: await scopedWithNotifications(app, request, (tx, hub, actor) =>
          decideChangeRequest(tx, hub, actor, request.params.id, decision, request.body?.note ?? ''),
        ),
      }),
    );
};
