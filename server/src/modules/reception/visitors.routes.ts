import { failSchema, listSchema, okSchema } from '@schooliko/common/http';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { uuidParam } from '@schooliko/common/people/fields';
import {
  checkOutByCodeSchema,
  pickupInputSchema,
  pickupListQuery,
  pickupSchema,
  VISITOR_MESSAGES,
  visitorExportQuery,
  visitorInputSchema,
  visitorListQuery,
  visitorRegisterQuery,
  visitorSchema,
} from '@schooliko/common/reception/visitors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { answer, ok } from '../../kit/answer';
import { exportRoute } from '../../kit/export';
import { schoolOf } from '../../kit/letterhead';
import { type Actor, scoped } from '../../kit/scope';
import { scopedNotifying } from '../../platform/notifications/scoped-notifying';
import { photoKeyOf, photoRoutes, recordPhotoPlace } from '../../platform/uploads/photo.routes';
import { httpError } from '../../plugins/errors';
import { photoJpeg, visitorPassPdf, visitorRegisterPdf } from './pass.pdf';
import { listPickups, recordPickup } from './pickups.service';
import { visitors } from './reception.table';
import { VISITOR_COLUMNS } from './visitors.columns';
import {
  checkIn,
  checkOut,
  findVisitor,
  listVisitors,
  readVisitor,
  visitorByCode,
  visitorsOfDay,
} from './visitors.service';

const tags = ['reception'];
const READ = 'reception:read' as const;
const WRITE = 'reception:write' as const;

/** Visitors (issue 15) under /api/visitors: check-in with a pass, check-out, register, pick-ups. */
export const visitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    photoRoutes({
      kind: 'visitors',
      tags,
      permission: WRITE,
      item: visitorSchema,
      table: visitors,
      readPermission: READ,
      find: (tx, actor, id) => findVisitor(tx, actor, id),
      read: readVisitor,
      summaries: {
        upload: "Sets a visitor's photo (taken at the desk)",
        photo: "A visitor's photo, to the reception",
        remove: "Removes a visitor's photo",
      },
    }),
  );

  app.get(
    '/',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "A day's visitors (today unless named): who is in, who left, overstays",
        querystring: visitorListQuery,
        response: { 200: okSchema(listSchema(visitorSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listVisitors(tx, actor, request.query)),
  );
  app.post(
    '/',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary: 'Checks a visitor in and gives the numbered pass',
        body: visitorInputSchema,
        response: { 201: okSchema(visitorSchema), 400: failSchema, 404: failSchema },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => checkIn(tx, actor, request.body));
      reply.status(201);
      return ok(data, VISITOR_MESSAGES.checkedIn);
    },
  );
  exportRoute(app, '/export', {
    permission: READ,
    tags,
    summary: "A day's visitor register as CSV or Excel",
    querystring: visitorExportQuery,
    filename: (query) => `visitors-${query.date ?? todayInIndia()}`,
    sheet: 'Visitors',
    columns: VISITOR_COLUMNS,
    items: visitorsOfDay,
  });
  app.get(
    '/register.pdf',
    {
      config: { permission: READ },
      schema: { tags, summary: 'The daily visitor register, printable', querystring: visitorRegisterQuery },
    },
    async (request, reply) => {
      const date = request.query.date ?? todayInIndia();
      const pdf = await scoped(request, async (tx, actor) => {
        const items = [];
        for await (const v of visitorsOfDay(tx, actor, { date, order: 'asc' })) items.push(v);
        return visitorRegisterPdf(await schoolOf(tx, actor), date, items);
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="visitor-register-${date}.pdf"`)
        .send(pdf);
    },
  );
  app.post(
    '/check-out',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary: "Checks a visitor out by the pass's QR code or its number",
        body: checkOutByCodeSchema,
        response: { 200: okSchema(visitorSchema), 404: failSchema, 409: failSchema },
      },
    },
    async (request) =>
      answer(
        request,
        async (tx, actor) => checkOut(tx, actor, await visitorByCode(tx, actor, request.body.code)),
        VISITOR_MESSAGES.checkedOut,
      ),
  );

  // ---- Pick-ups ----
  app.get(
    '/pickups',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "A day's student pick-ups, allowed and refused",
        querystring: pickupListQuery,
        response: { 200: okSchema(listSchema(pickupSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listPickups(tx, actor, request.query)),
  );
  app.post(
    '/pickups',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary:
          'A student leaves with someone: recorded when an authorised pick-up, else refused (422) with a note to the class teacher',
        body: pickupInputSchema,
        response: { 201: okSchema(pickupSchema), 404: failSchema, 422: failSchema },
      },
    },
    async (request, reply) => {
      const outcome = await scopedNotifying(request, (tx, hub, actor) =>
        recordPickup(tx, hub, actor, request.body),
      );
      if (!outcome.allowed) throw httpError(422, VISITOR_MESSAGES.pickupNotAuthorised);
      reply.status(201);
      return ok(outcome.pickup, VISITOR_MESSAGES.pickupRecorded);
    },
  );

  // ---- One visitor ----
  app.get(
    '/:id',
    {
      config: { permission: READ },
      schema: { tags, summary: 'One visitor', params: uuidParam, response: { 200: okSchema(visitorSchema) } },
    },
    async (request) => answer(request, (tx, actor) => readVisitor(tx, actor, request.params.id)),
  );
  app.get(
    '/:id/pass.pdf',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "The visitor's pass: photo and the QR code to check out with",
        params: uuidParam,
      },
    },
    async (request, reply) => {
      const { visitor, token, school, photo } = await scoped(request, async (tx: Db, actor: Actor) => {
        const row = await findVisitor(tx, actor, request.params.id);
        const place = recordPhotoPlace(actor.institute.id, 'visitors', row.id);
        return {
          visitor: await readVisitor(tx, actor, row.id),
          token: row.checkoutToken,
          school: await schoolOf(tx, actor),
          photo: photoKeyOf(app.storage, place, row.photoUrl),
        };
      });
      const pdf = await visitorPassPdf(school, visitor, token, await photoJpeg(app.storage, photo));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="visitor-pass-${visitor.pass_no}.pdf"`)
        .send(pdf);
    },
  );
  app.post(
    '/:id/check-out',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary: 'Checks a visitor out (once: a second check-out is a 409)',
        params: uuidParam,
        response: { 200: okSchema(visitorSchema), 404: failSchema, 409: failSchema },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => checkOut(tx, actor, request.params.id), VISITOR_MESSAGES.checkedOut),
  );
};
