import { okSchema } from '@schooliko/common/http';
import {
  addedStudentSchema,
  createStudentSchema,
  STUDENT_MESSAGES,
  studentListItemSchema,
  studentListQuery,
  studentSchema,
  updateStudentSchema,
} from '@schooliko/common/people/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { answer } from '../../kit/answer';
import { recordRoutes } from '../../kit/record-routes';
import type { Actor } from '../../kit/scope';
import { historyRoute } from '../../platform/audit/audit.routes';
import { photoRoutes } from '../../platform/uploads/photo.routes';
import { invitationRoute } from '../invitations';
import { STUDENT_COLUMNS } from './students.columns';
import { findStudent, listStudents, studentsMatching, toStudent } from './students.read';
import { createStudent, nextAdmissionNo, updateStudent } from './students.service';
import { students } from './students.table';

const tags = ['students'];
const readStudent = async (tx: Db, actor: Actor, id: string) =>
  toStudent(await findStudent(tx, actor, id), actor);

/** Students (issue 12): the worked example of docs/modules.md. */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/next-admission-no',
    {
      config: { permission: ['students:write', 'students:write:own'] },
      schema: {
        tags,
        summary: 'The admission number to suggest for the next pupil (null before the first)',
        response: { 200: okSchema(z.object({ admission_no: z.string().nullable() })) },
      },
    },
    async (request) =>
      answer(request, async (tx, actor) => ({ admission_no: await nextAdmissionNo(tx, actor) })),
  );
  await app.register(
    recordRoutes({
      tags,
      permissions: {
        read: ['students:read', 'students:read:own'],
        create: ['students:write', 'students:write:own'],
        update: 'students:write',
      },
      schemas: {
        query: studentListQuery,
        item: studentSchema,
        listItem: studentListItemSchema,
        created: addedStudentSchema,
        create: createStudentSchema,
        update: updateStudentSchema,
      },
      summaries: {
        list: 'Students the caller may see, a page at a time',
        create:
          'Adds a student (a teacher: only to a section they lead), with their first guardian when named (one on record with that mobile is tied, not added again)',
        read: 'One student',
        update: 'Changes a student record or moves its status (audited)',
      },
      messages: STUDENT_MESSAGES,
      file: { name: 'students', sheet: 'Students', columns: STUDENT_COLUMNS },
      list: listStudents,
      matching: studentsMatching,
      create: createStudent,
      read: readStudent,
      update: async (tx, actor, id, input) => ({ item: await updateStudent(tx, actor, id, input) }),
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
  await app.register(
    photoRoutes({
      kind: 'students',
      tags,
      permission: 'students:write',
      item: studentSchema,
      find: findStudent,
      table: students,
      readPermission: ['students:read', 'students:read:own'],
      read: readStudent,
      summaries: {
        upload: "Sets a student's photo (multipart `file`: JPG, PNG or WebP under 2 MB; audited)",
        photo: "A student's photo, to those who may see the student",
        remove: "Removes a student's photo (audited)",
      },
    }),
  );
};
