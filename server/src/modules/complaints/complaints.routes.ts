import {
  ageingSchema,
  COMPLAINT_MESSAGES,
  committeeSchema,
  committeesSchema,
  complaintInputSchema,
  complaintListQuery,
  complaintSchema,
  complaintUpdateSchema,
} from '@schooliko/common/desk/complaints';
import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import {
  complaintAgeing,
  createComplaint,
  findComplaint,
  listCommittees,
  listComplaints,
  saveCommittee,
  updateComplaint,
} from './complaints.service';

const tags = ['complaints'];
// Filing gives sight of one's own complaints; committee members (often teachers) act on theirs.
const READ = ['complaints:read', 'complaints:create'] as const;

/** Complaints (issue 15 item 5), under /complaints. */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Complaints the caller may see (committee complaints: its members only), newest first',
        querystring: complaintListQuery,
        response: { 200: okSchema(listSchema(complaintSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listComplaints(tx, actor, request.query)),
  );
  app.get(
    '/ageing',
    {
      config: { permission: READ },
      schema: { tags, summary: 'Open complaints by age', response: { 200: okSchema(ageingSchema) } },
    },
    async (request) => answer(request, complaintAgeing),
  );
  app.get(
    '/committees',
    {
      config: { permission: ['complaints:committees', 'complaints:read', 'complaints:create'] },
      schema: {
        tags,
        summary: 'The POCSO and POSH committees and their members',
        response: { 200: okSchema(committeesSchema) },
      },
    },
    async (request) => answer(request, listCommittees),
  );
  app.put(
    '/committees',
    {
      config: { permission: 'complaints:committees' },
      schema: {
        tags,
        summary: 'Sets the members of a committee',
        body: committeeSchema,
        response: { 200: okSchema(committeesSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveCommittee(tx, actor, request.body.committee, request.body.staff_ids),
        COMPLAINT_MESSAGES.committeeSaved,
      ),
  );
  app.post(
    '/',
    {
      config: { permission: ['complaints:create', 'complaints:write'] },
      schema: {
        tags,
        summary: 'Registers a complaint',
        body: complaintInputSchema,
        response: { 201: okSchema(complaintSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createComplaint(tx, actor, request.body));
      reply.status(201);
      return ok(data, COMPLAINT_MESSAGES.created);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'One complaint',
        params: uuidParam,
        response: { 200: okSchema(complaintSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => findComplaint(tx, actor, request.params.id)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: ['complaints:write', 'complaints:create'] },
      schema: {
        tags,
        summary: 'Assigns, sets the due date, records the action taken, moves the state',
        params: uuidParam,
        body: complaintUpdateSchema,
        response: { 200: okSchema(complaintSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateComplaint(tx, actor, request.params.id, request.body),
        COMPLAINT_MESSAGES.updated,
      ),
  );
};
