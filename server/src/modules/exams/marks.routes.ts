import {
  analysisQuery,
  analysisSchema,
  EXAM_MESSAGES,
  examResultSchema,
  markSheetSchema,
  marksInputSchema,
  reportCardQuery,
  reportCardsInputSchema,
  resultsQuery,
  sheetQuery,
  sheetSummarySchema,
} from '@schooliko/common/academics/exams';
import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { schoolOf } from '../../kit/letterhead';
import { scoped } from '../../kit/scope';
import { studentForResults } from './exams.policy';
import { markSheet, saveMarks, sheetsOf } from './marks.service';
import { renderReportCards } from './report-card.pdf';
import { cardsFor, reportCardsFile, startReportCards, termOf } from './report-card.service';
import { publishedResults, sectionAnalysis } from './results.service';

const tags = ['exams'];
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));
const STAFF = ['exams:read', 'exams:marks', 'exams:configure'] as const;
const OWN = ['exams:read', 'exams:read:own'] as const;
const pdfName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

/** Marks entry (the grid), results analysis, a pupil's results and report cards. */
export const marksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/sheets',
    {
      config: { permission: [...STAFF] },
      schema: {
        tags,
        summary: "An exam's sections × subjects with how many entries each has (the caller's own first)",
        params: uuidParam,
        response: { 200: items(sheetSummarySchema) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => sheetsOf(tx, actor, request.params.id)),
  );
  app.get(
    '/:id/sheet',
    {
      config: { permission: [...STAFF] },
      schema: {
        tags,
        summary: 'The mark-entry grid of a section and subject: the roster and each pupil’s entry',
        params: uuidParam,
        querystring: sheetQuery,
        response: { 200: okSchema(markSheetSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) =>
        markSheet(tx, actor, request.params.id, request.query.section_id, request.query.subject_id),
      ),
  );
  app.put(
    '/:id/marks',
    {
      config: { permission: 'exams:marks' },
      schema: {
        tags,
        summary:
          "Saves a grid's marks in one upsert (403 outside the caller's subjects; 400 names the entry)",
        params: uuidParam,
        body: marksInputSchema,
        response: { 200: okSchema(markSheetSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveMarks(tx, actor, request.params.id, request.body),
        EXAM_MESSAGES.marksSaved,
      ),
  );
  app.get(
    '/:id/analysis',
    {
      config: { permission: 'exams:read', heavy: true },
      schema: {
        tags,
        summary: "A section's results per subject: average, highest, lowest, pass %, grades; toppers",
        params: uuidParam,
        querystring: analysisQuery,
        response: { 200: okSchema(analysisSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => sectionAnalysis(tx, actor, request.params.id, request.query.section_id)),
  );
  app.get(
    '/results',
    {
      config: { permission: [...OWN] },
      schema: {
        tags,
        summary: "A pupil's published results (pupils their own, parents their children's)",
        querystring: resultsQuery,
        response: { 200: items(examResultSchema) },
      },
    },
    async (request) =>
      answerItems(request, (tx, actor) => publishedResults(tx, actor, request.query.student_id)),
  );
  app.get(
    '/report-cards/students/:student_id',
    {
      config: { permission: [...OWN], heavy: true },
      schema: {
        tags,
        summary: "A pupil's report card for a term (default: the latest with published results), as a PDF",
        params: z.object({ student_id: z.uuid() }),
        querystring: reportCardQuery,
      },
    },
    async (request, reply) => {
      const { pdf, name } = await scoped(request, async (tx, actor) => {
        const pupil = await studentForResults(tx, actor, request.params.student_id);
        const term = await termOf(tx, actor.institute.id, request.query.term_id);
        const cards = await cardsFor(tx, actor, [pupil.id], term.id, await schoolOf(tx, actor, app.storage));
        return {
          pdf: await renderReportCards(cards, `Report card ${pupil.admissionNo}`),
          name: pdfName(`report-card-${pupil.admissionNo}-${term.name}.pdf`),
        };
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .send(pdf);
    },
  );
  app.post(
    '/report-cards',
    {
      config: { permission: 'exams:read' },
      schema: {
        tags,
        summary: "Prepares a section's report cards as one PDF, a page per pupil (202: follow the job)",
        body: reportCardsInputSchema,
        response: { 202: okSchema(z.object({ job_id: z.string() })) },
      },
    },
    async (request, reply) => {
      const jobId = await scoped(request, (tx, actor) => startReportCards(tx, actor, request.body));
      reply.status(202);
      return ok({ job_id: jobId }, EXAM_MESSAGES.reportCardsQueued);
    },
  );
  app.get(
    '/report-cards/:id',
    {
      config: { permission: 'exams:read', heavy: true },
      schema: { tags, summary: "A finished report-card job's PDF (the job's id)", params: uuidParam },
    },
    async (request, reply) => {
      const file = await scoped(request, (tx, actor) => reportCardsFile(tx, actor, request.params.id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdfName(file.filename)}"`)
        .send(file.data);
    },
  );
};
