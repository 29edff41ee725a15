import { EXAM_MESSAGES } from '@schooliko/common/academics/exams';
import {
  remarkSectionSchema,
  remarkSheetSchema,
  remarksInputSchema,
  remarksQuery,
} from '@schooliko/common/academics/remarks';
import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems } from '../../kit/answer';
import { remarkSections, remarkSheet, saveRemarks } from './remarks.service';

const tags = ['exams'];
const WRITERS = ['exams:remarks', 'exams:remarks:own'] as const;

/**
 * The class teacher's remarks on the report cards of a section, through an exam (the remarks are
 * its term's): the sections the caller may write for, the grid of one, and its save.
 */
export const remarksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/remark-sections',
    {
      config: { permission: [...WRITERS] },
      schema: {
        tags,
        summary:
          "The exam's sections whose report-card remarks the caller may write, with how many are written",
        params: uuidParam,
        response: { 200: okSchema(z.object({ items: z.array(remarkSectionSchema) })) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => remarkSections(tx, actor, request.params.id)),
  );
  app.get(
    '/:id/remarks',
    {
      config: { permission: [...WRITERS] },
      schema: {
        tags,
        summary:
          "A section's report-card remarks for the exam's term, a row per pupil (403 unless its class teacher)",
        params: uuidParam,
        querystring: remarksQuery,
        response: { 200: okSchema(remarkSheetSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => remarkSheet(tx, actor, request.params.id, request.query.section_id)),
  );
  app.put(
    '/:id/remarks',
    {
      config: { permission: [...WRITERS] },
      schema: {
        tags,
        summary: "Saves a section's report-card remarks at once (an empty one clears it; 400 names the row)",
        params: uuidParam,
        body: remarksInputSchema,
        response: { 200: okSchema(remarkSheetSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveRemarks(tx, actor, request.params.id, request.body),
        EXAM_MESSAGES.remarksSaved,
      ),
  );
};
