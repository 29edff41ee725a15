import { failSchema, listQuerySchema, listSchema, okSchema } from '@schooliko/common/http';
import {
  INSTITUTE_RECORD_MESSAGES,
  instituteBodySchema,
  instituteRecordSchema,
  instituteUpdateSchema,
} from '@schooliko/common/institute-records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { requireOperator } from '../auth';
import {
  createInstitute,
  deleteInstitute,
  getInstitute,
  listInstitutes,
  toRecord,
  updateInstitute,
} from './institutes.operator.service';
import type { Institute } from './institutes.table';

const failures = { 400: failSchema, 401: failSchema, 403: failSchema, 404: failSchema, 409: failSchema };
const idParams = z.object({ id: z.uuid(INSTITUTE_RECORD_MESSAGES.notFound) });

/** Spec 7.5's institute records, for platform operators only. */
export const institutesOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every name an institute answers on leaves the branding cache (spec 4.7: a domain change). */
  const forget = (...list: Institute[]) =>
    app.institutes.forget(...list.flatMap((i) => [i.domain, i.subdomain]));

  app.get(
    '/',
    {
      schema: {
        tags: ['institutes'],
        summary: 'Institutes, by page, with search (operators only)',
        querystring: listQuerySchema,
        response: { 200: okSchema(listSchema(instituteRecordSchema)), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      return ok(await listInstitutes(app.database.db, request.query));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['institutes'],
        summary: 'One institute (operators only)',
        params: idParams,
        response: { 200: okSchema(instituteRecordSchema), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      return ok(toRecord(await getInstitute(app.database.db, request.params.id)));
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['institutes'],
        summary: 'Create an institute on a domain (operators only)',
        body: instituteBodySchema,
        response: { 201: okSchema(instituteRecordSchema), ...failures },
      },
    },
    async (request, reply) => {
      await requireOperator(request);
      const created = await createInstitute(app.database.db, request.body);
      await forget(created);
      return reply.status(201).send(ok(toRecord(created), INSTITUTE_RECORD_MESSAGES.created));
    },
  );

  app.put(
    '/:instituteId',
    {
      schema: {
        tags: ['institutes'],
        summary: 'Change an institute (operators only)',
        params: z.object({ instituteId: z.uuid(INSTITUTE_RECORD_MESSAGES.notFound) }),
        body: instituteUpdateSchema,
        response: { 200: okSchema(instituteRecordSchema), ...failures },
      },
    },
    async (request) => {
      await requireOperator(request);
      const { before, after } = await updateInstitute(
        app.database.db,
        request.params.instituteId,
        request.body,
      );
      await forget(before, after);
      return ok(toRecord(after), INSTITUTE_RECORD_MESSAGES.updated);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['institutes'],
        summary: 'Delete an institute and everything it owns (operators only)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...failures },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      const removed = await deleteInstitute(app.database.db, request.params.id, {
        currentInstituteId: operator.instituteId,
      });
      await forget(removed);
      await app.invalidation.invalidate({ kind: 'institute', instituteId: removed.id });
      return ok({ id: removed.id }, INSTITUTE_RECORD_MESSAGES.deleted);
    },
  );
};
