import {
  assignmentInputSchema,
  assignmentListItemSchema,
  assignmentListQuery,
  assignmentPatchSchema,
  assignmentSchema,
  HOMEWORK_MESSAGES,
  homeworkFileSchema,
  markInputSchema,
  pupilAssignmentSchema,
  pupilListQuery,
  rosterItemSchema,
  submissionInputSchema,
  teachingSchema,
} from '@schooliko/common/academics/homework';
import { failSchema, listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { actorOf, scoped } from '../../kit/scope';
import { scopedNotifying } from '../../platform/notifications/scoped-notifying';
import { sendPrivateFile } from '../../platform/uploads/private-files';
import { type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import { downloadableFile, receiveHomeworkFile, storeHomeworkFile } from './files.service';
import { teachingOf } from './homework.policy';
import {
  cancelAssignment,
  createAssignment,
  listAssignments,
  publishAssignment,
  updateAssignment,
} from './homework.service';
import {
  listPupilAssignments,
  markSubmission,
  readForCaller,
  rosterOf,
  submitWork,
} from './submissions.service';

const tags = ['homework'];
const READ = ['homework:read', 'homework:read:own'] as const;
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));

/** Pupils photograph pages one by one: a generous limit, still far from a flood. */
const FILE_RATE_RULE: RateRule = { name: 'homework-file', max: 120, windowSeconds: 600 };

/** Homework and assignments, under /api/homework (docs in common/src/academics/homework.ts). */
export const homeworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  await acceptMultipart(app);

  app.get(
    '/',
    {
      config: { permission: 'homework:read' },
      schema: {
        tags,
        summary: "Assignments with their pupils' progress (`mine=true`: those the caller set)",
        querystring: assignmentListQuery,
        response: { 200: okSchema(listSchema(assignmentListItemSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listAssignments(tx, actor, request.query)),
  );
  app.get(
    '/own',
    {
      config: { permission: 'homework:read:own' },
      schema: {
        tags,
        summary: "A pupil's assignments with their standing (a parent names the child: student_id)",
        querystring: pupilListQuery,
        response: { 200: okSchema(listSchema(pupilAssignmentSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listPupilAssignments(tx, actor, request.query)),
  );
  app.get(
    '/teaching',
    {
      config: { permission: 'homework:write' },
      schema: {
        tags,
        summary: 'The sections and subjects the caller may set homework for',
        response: { 200: items(teachingSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => teachingOf(tx, actor)),
  );
  app.post(
    '/',
    {
      config: { permission: 'homework:write' },
      schema: {
        tags,
        summary: 'Sets homework for a section and subject the caller teaches (a draft, or published)',
        body: assignmentInputSchema,
        response: { 201: okSchema(assignmentSchema) },
      },
    },
    async (request, reply) => {
      const data = await scopedNotifying(request, (tx, hub, actor) =>
        createAssignment(tx, hub, actor, request.body),
      );
      reply.status(201);
      const message = request.body.publish ? HOMEWORK_MESSAGES.published : HOMEWORK_MESSAGES.created;
      return ok(data, message);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: "An assignment (a pupil's view carries their submission; a parent names student_id)",
        params: uuidParam,
        querystring: z.object({ student_id: z.uuid().optional() }),
        response: { 200: okSchema(assignmentSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => readForCaller(tx, actor, request.params.id, request.query.student_id)),
  );
  app.patch(
    '/:id',
    {
      config: { permission: 'homework:write' },
      schema: {
        tags,
        summary: 'Changes an assignment (not its section or subject)',
        params: uuidParam,
        body: assignmentPatchSchema,
        response: { 200: okSchema(assignmentSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateAssignment(tx, actor, request.params.id, request.body),
        HOMEWORK_MESSAGES.updated,
      ),
  );
  app.post(
    '/:id/publish',
    {
      config: { permission: 'homework:write' },
      schema: {
        tags,
        summary: "Publishes a draft; the section's pupils are notified",
        params: uuidParam,
        response: { 200: okSchema(assignmentSchema) },
      },
    },
    async (request) =>
      ok(
        await scopedNotifying(request, (tx, hub, actor) =>
          publishAssignment(tx, hub, actor, request.params.id),
        ),
        HOMEWORK_MESSAGES.published,
      ),
  );
  app.post(
    '/:id/cancel',
    {
      config: { permission: 'homework:write' },
      schema: {
        tags,
        summary: 'Cancels an assignment (kept with its submissions)',
        params: uuidParam,
        response: { 200: okSchema(assignmentSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => cancelAssignment(tx, actor, request.params.id),
        HOMEWORK_MESSAGES.cancelled,
      ),
  );
  app.get(
    '/:id/roster',
    {
      config: { permission: 'homework:read' },
      schema: {
        tags,
        summary: "The section's pupils in roll order with their work, for marking",
        params: uuidParam,
        response: { 200: items(rosterItemSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => rosterOf(tx, actor, request.params.id)),
  );
  app.post(
    '/:id/submission',
    {
      config: { permission: 'homework:submit' },
      schema: {
        tags,
        summary: 'A student hands in work, or hands it in again until it is marked',
        params: uuidParam,
        body: submissionInputSchema,
        response: { 200: okSchema(assignmentSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => submitWork(tx, actor, request.params.id, request.body),
        HOMEWORK_MESSAGES.submitted,
      ),
  );
  app.post(
    '/submissions/:id/mark',
    {
      config: { permission: 'homework:write' },
      schema: {
        tags,
        summary: "Marks a pupil's work: marks (up to the maximum) and feedback",
        params: uuidParam,
        body: markInputSchema,
        response: { 200: okSchema(rosterItemSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => markSubmission(tx, actor, request.params.id, request.body),
        HOMEWORK_MESSAGES.marked,
      ),
  );

  app.post(
    '/files',
    {
      config: { permission: ['homework:write', 'homework:submit'] },
      schema: {
        tags,
        summary: 'Uploads one file (multipart `file`: PDF, picture or .docx under 10 MB) to attach',
        consumes: ['multipart/form-data'],
        response: {
          201: okSchema(homeworkFileSchema),
          400: failSchema,
          401: failSchema,
          403: failSchema,
          413: failSchema,
          415: failSchema,
          429: failSchema,
          503: failSchema,
        },
      },
    },
    async (request, reply) => {
      await limiter.consume([FILE_RATE_RULE, actorOf(request).userId]);
      const form = await receiveHomeworkFile(request);
      const data = await scoped(request, (tx, actor) => storeHomeworkFile(tx, app.storage, actor, form));
      reply.status(201);
      return ok(data, HOMEWORK_MESSAGES.fileUploaded);
    },
  );
  app.get(
    '/files/:id',
    {
      config: { permission: [...READ, 'homework:write', 'homework:submit'] },
      schema: { tags, summary: 'Downloads a file the caller may see (404 otherwise)', params: uuidParam },
    },
    async (request, reply) => {
      const file = await scoped(request, (tx, actor) => downloadableFile(tx, actor, request.params.id));
      return sendPrivateFile(reply, app.storage, file, HOMEWORK_MESSAGES.fileNotFound);
    },
  );
};
