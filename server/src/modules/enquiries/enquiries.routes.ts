import {
  admitEnquirySchema,
  admitResultSchema,
  ENQUIRY_MESSAGES,
  enquiryDetailSchema,
  enquiryExportQuery,
  enquiryInputSchema,
  enquiryListQuery,
  enquiryMoveSchema,
  enquiryPatchSchema,
  enquirySchema,
  followUpInputSchema,
  funnelSchema,
} from '@schooliko/common/desk/enquiries';
import { listSchema, okSchema } from '@schooliko/common/http';
import { optionalDate, uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../kit/answer';
import { exportRoute } from '../../kit/export';
import { scoped } from '../../kit/scope';
import { historyRoute } from '../../platform/audit/audit.routes';
import { ENQUIRY_COLUMNS } from './enquiries.columns';
import { enquiryFunnel } from './enquiries.reports';
import {
  addFollowUp,
  admitEnquiry,
  createEnquiry,
  enquiriesMatching,
  findEnquiry,
  listEnquiries,
  moveEnquiry,
  updateEnquiry,
} from './enquiries.service';

const tags = ['admission enquiries'];

/** Admission enquiries at the front desk (issue 15 item 3), under /admission-enquiries. */
export const enquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: 'Enquiries from the public site and the desk, newest first',
        querystring: enquiryListQuery,
        response: { 200: okSchema(listSchema(enquirySchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listEnquiries(tx, actor, request.query)),
  );
  exportRoute(app, '/export', {
    permission: 'reception:read',
    tags,
    summary: "The enquiries the list's filters match, as CSV or Excel",
    querystring: enquiryExportQuery,
    filename: 'admission-enquiries',
    sheet: 'Enquiries',
    columns: ENQUIRY_COLUMNS,
    items: enquiriesMatching,
  });
  app.get(
    '/funnel',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: 'The funnel and conversion by source and by class',
        querystring: z.object({ from: optionalDate }),
        response: { 200: okSchema(funnelSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => enquiryFunnel(tx, actor, request.query.from ?? undefined)),
  );
  app.post(
    '/',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Takes a walk-in, phone or other enquiry',
        body: enquiryInputSchema,
        response: { 201: okSchema(enquiryDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createEnquiry(tx, actor, request.body));
      reply.status(201);
      return ok(data, ENQUIRY_MESSAGES.created);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: 'An enquiry with its follow-up log',
        params: uuidParam,
        response: { 200: okSchema(enquiryDetailSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => findEnquiry(tx, actor, request.params.id)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Assigns the counsellor and the next follow-up date',
        params: uuidParam,
        body: enquiryPatchSchema,
        response: { 200: okSchema(enquiryDetailSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateEnquiry(tx, actor, request.params.id, request.body),
        ENQUIRY_MESSAGES.updated,
      ),
  );
  app.post(
    '/:id/state',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Moves the enquiry (contacted, visit scheduled, applied, lost, closed)',
        params: uuidParam,
        body: enquiryMoveSchema,
        response: { 200: okSchema(enquiryDetailSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => moveEnquiry(tx, actor, request.params.id, request.body.state),
        ENQUIRY_MESSAGES.updated,
      ),
  );
  app.post(
    '/:id/follow-ups',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Logs a follow-up (date, mode, outcome, next date)',
        params: uuidParam,
        body: followUpInputSchema,
        response: { 201: okSchema(enquiryDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) =>
        addFollowUp(tx, actor, request.params.id, request.body),
      );
      reply.status(201);
      return ok(data, ENQUIRY_MESSAGES.followUpSaved);
    },
  );
  app.post(
    '/:id/admit',
    {
      config: { permission: ['enquiries:admit'] },
      schema: {
        tags,
        summary: 'Admits the enquiry: the student record from the people form, linked to the enquiry',
        params: uuidParam,
        body: admitEnquirySchema,
        response: { 201: okSchema(admitResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) =>
        admitEnquiry(tx, actor, request.params.id, request.body as Record<string, unknown>),
      );
      reply.status(201);
      return ok(data, ENQUIRY_MESSAGES.admitted);
    },
  );
  await app.register(
    historyRoute({
      tags,
      summary: "An enquiry's history: who changed its state, counsellor or follow-up plan, and when",
      entities: ['enquiry'],
      find: findEnquiry,
    }),
  );
};
