import {
  POSTAL_MESSAGES,
  postalCancelSchema,
  postalInputSchema,
  postalListQuery,
  postalSchema,
} from '@schooliko/common/desk/postal';
import { failSchema, listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, ok } from '../../kit/answer';
import { actorOf, scoped } from '../../kit/scope';
import { scopedNotifying } from '../../platform/notifications/scoped-notifying';
import { receiveFile, sendPrivateFile } from '../../platform/uploads/private-files';
import { type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import {
  attachScan,
  cancelPostal,
  createPostal,
  findPostal,
  listPostal,
  SCAN_RULES,
  scannableEntry,
  scanOf,
} from './postal.service';

const tags = ['postal records'];
/** A desk scans the day's post one letter at a time: generous, still far from a flood. */
const SCAN_RATE_RULE: RateRule = { name: 'postal-scan', max: 120, windowSeconds: 600 };

/** The postal register (issue 15 item 4), under /postal-records. */
export const postalRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipart(app);
  const limiter = rateLimiter(app);
  app.get(
    '/',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: 'Inward and dispatch entries, newest first (confidential ones for the addressee and admins)',
        querystring: postalListQuery,
        response: { 200: okSchema(listSchema(postalSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listPostal(tx, actor, request.query)),
  );
  app.post(
    '/',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Records an inward or dispatch entry with the next serial number of the year',
        body: postalInputSchema,
        response: { 201: okSchema(postalSchema) },
      },
    },
    async (request, reply) => {
      const data = await scopedNotifying(request, (tx, hub, actor) =>
        createPostal(tx, hub, actor, request.body),
      );
      reply.status(201);
      return ok(data, POSTAL_MESSAGES.created);
    },
  );
  app.get(
    '/mine',
    {
      config: { permission: 'postal:read:own' },
      schema: {
        tags,
        summary: "The caller's own post: entries addressed to them, confidential ones included, newest first",
        querystring: postalListQuery,
        response: { 200: okSchema(listSchema(postalSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listPostal(tx, actor, request.query, 'mine')),
  );
  app.get(
    '/mine/:id/scan',
    {
      config: { permission: 'postal:read:own' },
      schema: {
        tags,
        summary: 'Streams the scanned copy of an entry addressed to the caller (404 for any other)',
        params: uuidParam,
      },
    },
    async (request, reply) => {
      const file = await scoped(request, (tx, actor) => scanOf(tx, actor, request.params.id, 'mine'));
      return sendPrivateFile(reply, app.storage, file, POSTAL_MESSAGES.scanNotFound);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: 'reception:read' },
      schema: { tags, summary: 'One entry', params: uuidParam, response: { 200: okSchema(postalSchema) } },
    },
    async (request) => answer(request, (tx, actor) => findPostal(tx, actor, request.params.id)),
  );
  app.post(
    '/:id/cancel',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Cancels an entry (it stays in the register with its serial)',
        params: uuidParam,
        body: postalCancelSchema,
        response: { 200: okSchema(postalSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => cancelPostal(tx, actor, request.params.id, request.body.reason),
        POSTAL_MESSAGES.cancelled,
      ),
  );
  app.post(
    '/:id/scan',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Attaches the scanned copy (multipart `file`: PDF, JPG or PNG under 10 MB), replacing any',
        consumes: ['multipart/form-data'],
        params: uuidParam,
        response: {
          200: okSchema(postalSchema),
          400: failSchema,
          401: failSchema,
          403: failSchema,
          404: failSchema,
          409: failSchema,
          413: failSchema,
          415: failSchema,
          429: failSchema,
          503: failSchema,
        },
      },
    },
    async (request) => {
      await limiter.consume([SCAN_RATE_RULE, actorOf(request).userId]);
      // An entry the caller may not see (or cancelled) is refused before the file is read.
      await scoped(request, (tx, actor) => scannableEntry(tx, actor, request.params.id));
      const file = await receiveFile(request, SCAN_RULES);
      return ok(
        await scoped(request, (tx, actor) => attachScan(tx, app.storage, actor, request.params.id, file)),
        POSTAL_MESSAGES.scanSaved,
      );
    },
  );
  app.get(
    '/:id/scan',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: "Streams the entry's scanned copy to whoever may see the entry (404 otherwise)",
        params: uuidParam,
      },
    },
    async (request, reply) => {
      const file = await scoped(request, (tx, actor) => scanOf(tx, actor, request.params.id));
      return sendPrivateFile(reply, app.storage, file, POSTAL_MESSAGES.scanNotFound);
    },
  );
};
