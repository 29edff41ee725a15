import {
  EXAM_MESSAGES,
  examInputSchema,
  examSchema,
  examsQuery,
  gradingScaleInputSchema,
  gradingScaleSchema,
  unpublishInputSchema,
} from '@schooliko/common/academics/exams';
import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { changeState, createExam, findExam, listExams } from './exams.service';
import { marksRoutes } from './marks.routes';
import { remarksRoutes } from './remarks.routes';
import { listScales, saveScale } from './scales.service';

const tags = ['exams'];
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));
const STAFF = ['exams:read', 'exams:marks', 'exams:configure'] as const;

/**
 * Exams and grading scales (issue 13 item 5): the exam cell (exams:configure) sets them up and
 * moves an exam from draft to marks entry to published; marks, results and report cards are in
 * marks.routes.ts.
 */
export const examsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scales',
    {
      config: { permission: [...STAFF] },
      schema: {
        tags,
        summary: "The institute's grading scales",
        response: { 200: items(gradingScaleSchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => listScales(tx, actor.institute.id)),
  );
  app.post(
    '/scales',
    {
      config: { permission: 'exams:configure' },
      schema: {
        tags,
        summary: 'Adds a grading scale (scholastic bands must cover 0–100 once)',
        body: gradingScaleInputSchema,
        response: { 201: okSchema(gradingScaleSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => saveScale(tx, actor, request.body));
      reply.status(201);
      return ok(data, EXAM_MESSAGES.scaleSaved);
    },
  );
  app.put(
    '/scales/:id',
    {
      config: { permission: 'exams:configure' },
      schema: {
        tags,
        summary: "Changes a grading scale's name and bands",
        params: uuidParam,
        body: gradingScaleInputSchema,
        response: { 200: okSchema(gradingScaleSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveScale(tx, actor, request.body, request.params.id),
        EXAM_MESSAGES.scaleSaved,
      ),
  );
  app.get(
    '/',
    {
      config: { permission: [...STAFF, 'exams:read:own'] },
      schema: {
        tags,
        summary: "A year's exams (pupils and parents: published ones only)",
        querystring: examsQuery,
        response: { 200: items(examSchema) },
      },
    },
    async (request) =>
      answerItems(request, (tx, actor) => listExams(tx, actor, request.query.academic_year_id)),
  );
  app.post(
    '/',
    {
      config: { permission: 'exams:configure' },
      schema: {
        tags,
        summary: 'Adds an exam in draft with its papers (class × subject: maximum and pass marks)',
        body: examInputSchema,
        response: { 201: okSchema(examSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createExam(tx, actor, request.body));
      reply.status(201);
      return ok(data, EXAM_MESSAGES.examCreated);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: [...STAFF] },
      schema: {
        tags,
        summary: 'An exam with its papers',
        params: uuidParam,
        response: { 200: okSchema(examSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => findExam(tx, actor, request.params.id)),
  );
  const transitions = [
    ['open', 'marks_entry', EXAM_MESSAGES.opened, 'Opens a draft exam for marks entry'],
    ['publish', 'published', EXAM_MESSAGES.published, 'Publishes the results to pupils and parents'],
  ] as const;
  for (const [path, to, message, summary] of transitions)
    app.post(
      `/:id/${path}`,
      {
        config: { permission: 'exams:configure' },
        schema: { tags, summary, params: uuidParam, response: { 200: okSchema(examSchema) } },
      },
      async (request) =>
        answer(request, (tx, actor) => changeState(tx, actor, request.params.id, to), message),
    );
  app.post(
    '/:id/unpublish',
    {
      config: { permission: 'exams:configure' },
      schema: {
        tags,
        summary: 'Withdraws published results (back to marks entry), with a reason kept in the audit log',
        params: uuidParam,
        body: unpublishInputSchema,
        response: { 200: okSchema(examSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => changeState(tx, actor, request.params.id, 'withdrawn', request.body.reason),
        EXAM_MESSAGES.unpublished,
      ),
  );
  await app.register(marksRoutes);
  await app.register(remarksRoutes);
};
