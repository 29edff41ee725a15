import {
  ATTENDANCE_MESSAGES,
  absenteeSchema,
  absenteesQuery,
  attendanceDayQuery,
  attendanceDaySchema,
  attendanceInputSchema,
  attendanceSavedSchema,
  attendanceSettingsSchema,
  editRequestQuery,
  editRequestSchema,
  lowAttendanceQuery,
  percentagesQuery,
  registerExportQuery,
  registerQuery,
  registerSchema,
  reviewSchema,
  studentMonthQuery,
  studentMonthSchema,
  studentPercentSchema,
  toTakeSchema,
} from '@schooliko/common/academics/attendance';
import { listSchema, okSchema } from '@schooliko/common/http';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { sendFile } from '../../kit/export';
import { scoped } from '../../kit/scope';
import { attendanceToTake } from './attendance.dashboard';
import {
  absenteesOn,
  lowAttendance,
  registerOf,
  sectionPercentages,
  studentMonth,
} from './attendance.reports';
import { decideEditRequest, listEditRequests, saveAttendanceSettings } from './attendance.requests';
import { attendanceDay, editWindowOf, saveAttendance } from './attendance.service';
import { monthName, registerColumns, renderRegister } from './register.pdf';

const tags = ['attendance'];
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));
/** A section's register: the office reads every one, a teacher the sections they take. */
const SECTION_READ = ['attendance:read', 'attendance:take'] as const;

/** Attendance (issue 13 item 3), under /api/attendance. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: [...SECTION_READ] },
      schema: {
        tags,
        summary: "A section's pupils with their marks of a day (null: not marked), who marked it and when",
        querystring: attendanceDayQuery,
        response: { 200: okSchema(attendanceDaySchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => attendanceDay(tx, actor, request.query)),
  );
  app.post(
    '/',
    {
      config: { permission: 'attendance:take' },
      schema: {
        tags,
        summary:
          "Saves a section's day (or period), replacing its marks; a working day only, not in the future. Older than the edit window: an edit request (202) unless the caller approves",
        body: attendanceInputSchema,
        response: {
          200: okSchema(attendanceSavedSchema),
          201: okSchema(attendanceSavedSchema),
          202: okSchema(attendanceSavedSchema),
        },
      },
    },
    async (request, reply) => {
      const { status, data } = await scoped(request, (tx, actor) => saveAttendance(tx, actor, request.body));
      reply.status(status);
      const message = status === 202 ? ATTENDANCE_MESSAGES.requestCreated : ATTENDANCE_MESSAGES.saved;
      return ok(data, message);
    },
  );
  app.get(
    '/today',
    {
      config: { permission: [...SECTION_READ] },
      schema: {
        tags,
        summary:
          "The sections the caller leads as class teacher, and whether today's attendance is taken (none on a closed day)",
        response: { 200: items(toTakeSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => attendanceToTake(tx, actor, todayInIndia())),
  );
  app.get(
    '/settings',
    {
      config: { permission: [...SECTION_READ] },
      schema: {
        tags,
        summary: 'The edit window (days)',
        response: { 200: okSchema(attendanceSettingsSchema) },
      },
    },
    async (request) =>
      ok({
        edit_window_days: await scoped(request, (tx, actor) => editWindowOf(tx, actor.institute.id)),
      }),
  );
  app.put(
    '/settings',
    {
      config: { permission: 'attendance:approve' },
      schema: {
        tags,
        summary: 'Sets after how many days a change needs approval',
        body: attendanceSettingsSchema,
        response: { 200: okSchema(attendanceSettingsSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveAttendanceSettings(tx, actor, request.body),
        ATTENDANCE_MESSAGES.settingsSaved,
      ),
  );
  app.get(
    '/requests',
    {
      config: { permission: ['attendance:approve', 'attendance:take'] },
      schema: {
        tags,
        summary: "Edit requests, newest first: an approver's all, a teacher's their own",
        querystring: editRequestQuery,
        response: { 200: okSchema(listSchema(editRequestSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listEditRequests(tx, actor, request.query)),
  );
  for (const [path, decision, message] of [
    ['/requests/:id/approve', 'approved', ATTENDANCE_MESSAGES.approved],
    ['/requests/:id/reject', 'rejected', ATTENDANCE_MESSAGES.rejected],
  ] as const)
    app.post(
      path,
      {
        config: { permission: 'attendance:approve' },
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? 'Approves an edit request: its marks replace the day’s, audited, at once'
              : 'Rejects an edit request',
          params: uuidParam,
          body: reviewSchema.nullish(),
          response: { 200: okSchema(editRequestSchema) },
        },
      },
      async (request) =>
        answer(
          request,
          (tx, actor) => decideEditRequest(tx, actor, request.params.id, decision, request.body?.note ?? ''),
          message,
        ),
    );
  app.get(
    '/register',
    {
      config: { permission: [...SECTION_READ], heavy: true },
      schema: {
        tags,
        summary: "A section's monthly register: pupils × days, codes, closed days, totals",
        querystring: registerQuery,
        response: { 200: okSchema(registerSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => registerOf(tx, actor, request.query)),
  );
  app.get(
    '/register.pdf',
    {
      config: { permission: [...SECTION_READ] },
      schema: { tags, summary: 'The monthly register as a landscape PDF', querystring: registerQuery },
    },
    async (request, reply) => {
      const { register, school } = await scoped(request, async (tx, actor) => ({
        register: await registerOf(tx, actor, request.query),
        school: actor.institute.name,
      }));
      const pdf = await renderRegister(school, register);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="register-${register.section_label}-${register.month}.pdf"`,
        )
        .send(pdf);
    },
  );
  app.get(
    '/register/export',
    {
      config: { permission: [...SECTION_READ] },
      schema: { tags, summary: 'The monthly register as CSV or Excel', querystring: registerExportQuery },
    },
    async (request, reply) => {
      const register = await scoped(request, (tx, actor) => registerOf(tx, actor, request.query));
      return sendFile(reply, {
        format: request.query.format,
        filename: `register-${register.section_label}-${register.month}`,
        sheet: `${register.section_label} ${monthName(register.month)}`,
        columns: registerColumns(register),
        items: (async function* () {
          yield* register.students;
        })(),
      });
    },
  );
  app.get(
    '/percentages',
    {
      config: { permission: [...SECTION_READ], heavy: true },
      schema: {
        tags,
        summary: "Each pupil's counts and percentage over a date range ((P + L + ½H) ÷ days marked)",
        querystring: percentagesQuery,
        response: { 200: items(studentPercentSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => sectionPercentages(tx, actor, request.query)),
  );
  app.get(
    '/low',
    {
      config: { permission: 'attendance:read', heavy: true },
      schema: {
        tags,
        summary: 'Pupils below a percentage over a date range (CBSE: 75 %), lowest first',
        querystring: lowAttendanceQuery,
        response: { 200: okSchema(listSchema(studentPercentSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => lowAttendance(tx, actor, request.query)),
  );
  app.get(
    '/absentees',
    {
      config: { permission: 'attendance:read' },
      schema: {
        tags,
        summary: 'Pupils absent or on leave on a date, section by section',
        querystring: absenteesQuery,
        response: { 200: items(absenteeSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => absenteesOn(tx, actor, request.query.date)),
  );
  app.get(
    '/students/:id',
    {
      config: { permission: ['attendance:read', 'attendance:read:own', 'attendance:take'] },
      schema: {
        tags,
        summary: "A pupil's month with the month's and the year's percentage (parents: their children)",
        params: uuidParam,
        querystring: studentMonthQuery,
        response: { 200: okSchema(studentMonthSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => studentMonth(tx, actor, request.params.id, request.query.month)),
  );
};
