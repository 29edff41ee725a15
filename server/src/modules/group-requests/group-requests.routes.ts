import {
  groupRequestBodySchema,
  joinRequestSchema,
  joinStatusSchema,
} from '@schooliko/common/group-requests';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { hostsChanged } from '../../platform/institutes/institutes.service';
import { requireAuth } from '../../plugins/auth';
import { GROUP_DIRECTOR_ROLES } from '../groups';
import {
  cancelRequest,
  decideRequest,
  GROUP_JOIN_EVENT,
  joinStatus,
  requestToJoin,
} from './group-requests.service';

const fails = { 400: failSchema, 401: failSchema, 403: failSchema, 404: failSchema, 409: failSchema };

/** Spec 7.2: /api/group-requests, one POST with an event_type, and the requester's status. */
export const groupRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // Approve / Reject on a join-request notification run the same decision as approve-request,
  // inside the notification's transaction: the directory hears of the new group once it commits
  // (a read between the write and the commit would otherwise keep the old group for minutes).
  app.notificationActions.set(GROUP_JOIN_EVENT, async (ctx, eventId, action) => {
    const { changed } = await decideRequest(ctx.db, { userId: ctx.actorId, hub: ctx.hub }, eventId, action);
    if (changed) await ctx.invalidate(hostsChanged(changed.domain, changed.subdomain));
    return { message: action === 'approve' ? GROUP_MESSAGES.approvedDone : GROUP_MESSAGES.rejectedDone };
  });

  app.post(
    '/',
    {
      schema: {
        tags: ['group-requests'],
        summary: 'Ask to join a group, withdraw the request, or (primary directors) approve or reject one',
        body: groupRequestBodySchema,
        response: { 200: okSchema(joinRequestSchema), 201: okSchema(joinRequestSchema), ...fails },
      },
    },
    async (request, reply) => {
      const ctx = await requireAuth(request, GROUP_DIRECTOR_ROLES);
      const body = request.body;
      switch (body.event_type) {
        case 'join-request': {
          const data = await requestToJoin(db, { ...ctx, hub: app.notificationHub }, body);
          return reply.status(201).send(ok(data, GROUP_MESSAGES.joinSent));
        }
        case 'delete-request': {
          const data = await cancelRequest(db, ctx, body.request_id);
          return ok(data, GROUP_MESSAGES.cancelled);
        }
        default: {
          const decision = body.event_type === 'approve-request' ? 'approve' : 'reject';
          const { request: data, changed } = await decideRequest(
            db,
            { userId: ctx.userId, hub: app.notificationHub },
            body.request_id,
            decision,
          );
          if (changed) await app.institutes.forget(changed.domain, changed.subdomain);
          const message = decision === 'approve' ? GROUP_MESSAGES.approvedDone : GROUP_MESSAGES.rejectedDone;
          return ok(data, message);
        }
      }
    },
  );

  app.get(
    '/status',
    {
      schema: {
        tags: ['group-requests'],
        summary: "The signed-in director's join requests (spec 3.7)",
        response: { 200: okSchema(joinStatusSchema), ...fails },
      },
    },
    async (request) => {
      const ctx = await requireAuth(request, GROUP_DIRECTOR_ROLES);
      return ok(await joinStatus(db, ctx));
    },
  );
};
