import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import {
  createStudentSchema,
  STUDENT_MESSAGES,
  studentListQuery,
  studentSchema,
  updateStudentSchema,
} from '@schooliko/common/people/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_FORMATS, sendFile } from '../../kit/export';
import { scoped } from '../../kit/scope';
import { historyRoute } from '../audit/audit.routes';
import { invitationRoute } from '../invitations/invitations.routes';
import { STUDENT_COLUMNS } from './students.columns';
import {
  createStudent,
  findStudent,
  listStudents,
  studentsMatching,
  toStudent,
  updateStudent,
} from './students.service';

const READ = ['students:read', 'students:read:own'] as const;
const tags = ['students'];

/** Students (issue 12): the worked example of docs/modules.md. */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Students the caller may see, a page at a time',
        querystring: studentListQuery,
        response: { 200: okSchema(listSchema(studentSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await scoped(request, (tx, actor) => listStudents(tx, actor, request.query)),
    }),
  );

  app.get(
    '/export',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "The list's current filters as a CSV or Excel file",
        querystring: studentListQuery
          .omit({ page: true, limit: true })
          .extend({ format: z.enum(EXPORT_FORMATS).default('csv') }),
      },
    },
    async (request, reply) =>
      scoped(request, (tx, actor) =>
        sendFile(reply, {
          format: request.query.format,
          filename: 'students',
          sheet: 'Students',
          columns: STUDENT_COLUMNS,
          items: studentsMatching(tx, actor, request.query),
        }),
      ),
  );

  app.post(
    '/',
    {
      config: { permission: ['students:write', 'students:write:own'] },
      schema: {
        tags,
        summary: 'Adds a student (a teacher: only to a section they lead)',
        body: createStudentSchema,
        response: { 201: okSchema(studentSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createStudent(tx, actor, request.body));
      reply.status(201);
      return { success: true as const, message: STUDENT_MESSAGES.created, data };
    },
  );

  app.get(
    '/:id',
    {
      config: { permission: READ },
      schema: { tags, summary: 'One student', params: uuidParam, response: { 200: okSchema(studentSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await scoped(request, async (tx, actor) =>
        toStudent(await findStudent(tx, actor, request.params.id), actor),
      ),
    }),
  );

  app.patch(
    '/:id',
    {
      config: { permission: 'students:write' },
      schema: {
        tags,
        summary: 'Changes a student record or moves its status (audited)',
        params: uuidParam,
        body: updateStudentSchema,
        response: { 200: okSchema(studentSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: STUDENT_MESSAGES.updated,
      data: await scoped(request, (tx, actor) => updateStudent(tx, actor, request.params.id, request.body)),
    }),
  );

  await app.register(invitationRoute('students', tags));
  await app.register(
    historyRoute({
      tags,
      summary: "A student record's audit trail, newest first",
      entities: ['student', 'student_guardian'],
      find: findStudent,
    }),
  );
};
