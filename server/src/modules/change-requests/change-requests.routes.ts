import { listSchema, okSchema } from '@schooliko/common/http';
import {
  CHANGE_REQUEST_MESSAGES,
  changeRequestListQuery,
  changeRequestSchema,
  createChangeRequestSchema,
  reviewChangeRequestSchema,
} from '@schooliko/common/people/change-requests';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, ok } from '../../kit/answer';
import { scopedNotifying } from '../../platform/notifications/scoped-notifying';
import { createChangeRequest, decideChangeRequest, listChangeRequests } from './change-requests.service';

const tags = ['change requests'];

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
    async (request) => answer(request, (tx, actor) => listChangeRequests(tx, actor, request.query)),
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
      const data = await scopedNotifying(request, (tx, hub, actor) =>
        createChangeRequest(tx, hub, actor, request.body),
      );
      reply.status(201);
      return ok(data, CHANGE_REQUEST_MESSAGES.created);
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
      async (request) =>
        ok(
          await scopedNotifying(request, (tx, hub, actor) =>
            decideChangeRequest(tx, hub, actor, request.params.id, decision, request.body?.note ?? ''),
          ),
          message,
        ),
    );
};
