import { okSchema } from '@schooliko/common/http';
import {
  PROMOTION_MESSAGES,
  promotionInputSchema,
  promotionPlanSchema,
} from '@schooliko/common/people/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { planPromotion } from './promotions.plan';
import { startPromotion } from './promotions.service';

const tags = ['promotions'];

/**
 * Year-end promotion (issue 12 B.2): a preview that writes nothing, and a run that answers 202
 * with the job's id (GET /api/jobs/:id and the live stream tell its progress and result).
 */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/preview',
    {
      config: { permission: 'students:promote' },
      schema: {
        tags,
        summary: 'What a promotion would do, section by section, and its conflicts (writes nothing)',
        body: promotionInputSchema,
        response: { 200: okSchema(promotionPlanSchema) },
      },
    },
    async (request) =>
      answer(request, async (tx, actor) => (await planPromotion(tx, actor, request.body)).plan),
  );

  app.post(
    '/',
    {
      config: { permission: 'students:promote' },
      schema: {
        tags,
        summary: 'Promotes the year: makes missing target sections and starts the job (202)',
        body: promotionInputSchema,
        response: { 202: okSchema(z.object({ job_id: z.string() })) },
      },
    },
    async (request, reply) => {
      const jobId = await scoped(request, (tx, actor) => startPromotion(tx, actor, request.body));
      reply.status(202);
      return ok({ job_id: jobId }, PROMOTION_MESSAGES.accepted);
    },
  );
};
