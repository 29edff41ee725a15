import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import {
  createStaffSchema,
  STAFF_MESSAGES,
  staffListQuery,
  staffSchema,
  updateStaffSchema,
} from '@schooliko/common/people/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_FORMATS, sendFile } from '../../kit/export';
import { scoped } from '../../kit/scope';
import { historyRoute } from '../audit/audit.routes';
import { invitationRoute } from '../invitations/invitations.routes';
import { STAFF_COLUMNS } from './staff.columns';
import { createStaff, findStaff, listStaff, staffMatching, toStaff, updateStaff } from './staff.service';

const tags = ['staff'];

/** Teachers and non-teaching staff (the web's Teachers screen is this list with kind=teaching). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'staff:read' },
      schema: {
        tags,
        summary: 'Staff of the institute, a page at a time',
        querystring: staffListQuery,
        response: { 200: okSchema(listSchema(staffSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await scoped(request, (tx, actor) => listStaff(tx, actor, request.query)),
    }),
  );

  app.get(
    '/export',
    {
      config: { permission: 'staff:read' },
      schema: {
        tags,
        summary: "The list's current filters as a CSV or Excel file",
        querystring: staffListQuery
          .omit({ page: true, limit: true })
          .extend({ format: z.enum(EXPORT_FORMATS).default('csv') }),
      },
    },
    async (request, reply) =>
      scoped(request, (tx, actor) =>
        sendFile(reply, {
          format: request.query.format,
          filename: 'staff',
          sheet: 'Staff',
          columns: STAFF_COLUMNS,
          items: staffMatching(tx, actor, request.query),
        }),
      ),
  );

  app.post(
    '/',
    {
      config: { permission: 'staff:write' },
      schema: {
        tags,
        summary: 'Adds a staff member',
        body: createStaffSchema,
        response: { 201: okSchema(staffSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createStaff(tx, actor, request.body));
      reply.status(201);
      return { success: true as const, message: STAFF_MESSAGES.created, data };
    },
  );

  app.get(
    '/:id',
    {
      config: { permission: 'staff:read' },
      schema: {
        tags,
        summary: 'One staff member',
        params: uuidParam,
        response: { 200: okSchema(staffSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await scoped(request, async (tx, actor) =>
        toStaff(await findStaff(tx, actor, request.params.id)),
      ),
    }),
  );

  app.patch(
    '/:id',
    {
      config: { permission: 'staff:write' },
      schema: {
        tags,
        summary: 'Changes a staff record, relieves or rejoins, sets job sets (audited)',
        params: uuidParam,
        body: updateStaffSchema,
        response: { 200: okSchema(staffSchema) },
      },
    },
    async (request) => {
      const { staff, accountChanged } = await scoped(request, (tx, actor) =>
        updateStaff(tx, actor, request.params.id, request.body),
      );
      // Committed: the member's next request must act with the new job sets.
      if (accountChanged)
        await app.invalidation.invalidate({
          kind: 'membership',
          instituteId: request.actor?.institute.id ?? '',
          userId: accountChanged,
        });
      return { success: true as const, message: STAFF_MESSAGES.updated, data: staff };
    },
  );

  await app.register(invitationRoute('staff', tags));
  await app.register(
    historyRoute({
      tags,
      summary: "A staff record's audit trail, newest first",
      entities: ['staff'],
      find: findStaff,
    }),
  );
};
