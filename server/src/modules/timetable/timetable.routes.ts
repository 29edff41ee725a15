import {
  bellScheduleInputSchema,
  freeTeacherSchema,
  freeTeachersQuery,
  periodSchema,
  subjectInputSchema,
  subjectSchema,
  substitutionInputSchema,
  substitutionSchema,
  substitutionsQuery,
  TIMETABLE_MESSAGES,
  timetableEntryInputSchema,
  timetableEntrySchema,
  timetableQuery,
} from '@schooliko/common/academics/timetable';
import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { arrangeSubstitute, freeTeachers, substitutionsOn } from './substitutions.service';
import { assertMaySee } from './timetable.policy';
import {
  addEntry,
  bellSchedule,
  changeEntry,
  listSubjects,
  removeEntry,
  saveBellSchedule,
  saveSubject,
  timetableOf,
} from './timetable.service';

const tags = ['timetable'];
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));
const READ = ['timetable:read', 'timetable:read:own'] as const;

/** Subjects: what is taught, and in which classes. */
export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: [...READ] },
      schema: { tags, summary: "The institute's subjects", response: { 200: items(subjectSchema) } },
    },
    async (request) => answerItems(request, (tx, actor) => listSubjects(tx, actor)),
  );
  app.post(
    '/',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: 'Adds a subject',
        body: subjectInputSchema,
        response: { 201: okSchema(subjectSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => saveSubject(tx, actor, request.body));
      reply.status(201);
      return ok(data, TIMETABLE_MESSAGES.subjectCreated);
    },
  );
  app.put(
    '/:id',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: 'Changes a subject (its entries keep pointing to it)',
        params: uuidParam,
        body: subjectInputSchema,
        response: { 200: okSchema(subjectSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveSubject(tx, actor, request.body, request.params.id),
        TIMETABLE_MESSAGES.subjectUpdated,
      ),
  );
};

/** The bell schedule and the timetable's entries, with clash detection on every save. */
export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bell-schedule',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: 'The periods of a school day, in order',
        response: { 200: items(periodSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => bellSchedule(tx, actor.institute.id)),
  );
  app.put(
    '/bell-schedule',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: 'Replaces the bell schedule (periods with entries must stay lessons)',
        body: bellScheduleInputSchema,
        response: { 200: items(periodSchema) },
      },
    },
    async (request) =>
      answerItems(
        request,
        (tx, actor) => saveBellSchedule(tx, actor, request.body),
        TIMETABLE_MESSAGES.scheduleSaved,
      ),
  );
  app.get(
    '/',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: "A section's, a teacher's or a room's week in the current year",
        querystring: timetableQuery,
        response: { 200: items(timetableEntrySchema) },
      },
    },
    async (request) =>
      answerItems(request, async (tx, actor) => {
        await assertMaySee(tx, actor, request.query);
        return timetableOf(tx, actor, request.query);
      }),
  );
  app.post(
    '/entries',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: 'Puts a subject, teacher and room in a free period of a section (409 names a clash)',
        body: timetableEntryInputSchema,
        response: { 201: okSchema(timetableEntrySchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => addEntry(tx, actor, request.body));
      reply.status(201);
      return ok(data, TIMETABLE_MESSAGES.entrySaved);
    },
  );
  app.patch(
    '/entries/:id',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: "Changes an entry's subject, teacher or room (409 names a clash)",
        params: uuidParam,
        body: timetableEntryInputSchema.pick({ subject_id: true, teacher_id: true, room: true }),
        response: { 200: okSchema(timetableEntrySchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => changeEntry(tx, actor, request.params.id, request.body),
        TIMETABLE_MESSAGES.entrySaved,
      ),
  );
  app.delete(
    '/entries/:id',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: 'Clears a period of a section',
        params: uuidParam,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await scoped(request, (tx, actor) => removeEntry(tx, actor, request.params.id));
      return ok(null, TIMETABLE_MESSAGES.entryRemoved);
    },
  );
  app.get(
    '/free-teachers',
    {
      config: { permission: 'timetable:read' },
      schema: {
        tags,
        summary: 'Active teachers free in a period of a working day, the least busy that day first',
        querystring: freeTeachersQuery,
        response: { 200: items(freeTeacherSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => freeTeachers(tx, actor, request.query)),
  );
  app.get(
    '/substitutions',
    {
      config: { permission: 'timetable:read' },
      schema: {
        tags,
        summary: "A date's substitutions (a teacher's: those they take or are away from)",
        querystring: substitutionsQuery,
        response: { 200: items(substitutionSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => substitutionsOn(tx, actor, request.query)),
  );
  app.post(
    '/substitutions',
    {
      config: { permission: 'timetable:write' },
      schema: {
        tags,
        summary: "Arranges a free teacher for an absent teacher's period on a date (409 names a clash)",
        body: substitutionInputSchema,
        response: { 201: okSchema(substitutionSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => arrangeSubstitute(tx, actor, request.body));
      reply.status(201);
      return ok(data, TIMETABLE_MESSAGES.substitutionSaved);
    },
  );
};
