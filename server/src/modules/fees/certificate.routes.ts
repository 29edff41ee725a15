import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoped } from '../../kit/scope';
import { certificate80c } from './certificate';

export const certificateQuery = z.object({
  fy: z
    .string()
    .regex(/^\d{4}-\d{2}$/, CLASS_MESSAGES.yearNotFound)
    .optional(),
});

/** The section 80C certificate: for the office (fees:read) and for a parent's own child (fees:read:own). */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/:id/80c.pdf',
    {
      config: { permission: ['fees:read', 'fees:read:own'] },
      schema: {
        tags: ['fees'],
        summary: "A student's 80C tuition-fee certificate for a financial year (this one unless named)",
        params: uuidParam,
        querystring: certificateQuery,
      },
    },
    async (request, reply) => {
      const today = todayInIndia();
      const fy = request.query.fy ?? financialYearOf(today);
      const { pdf } = await scoped(request, (tx, actor) =>
        certificate80c(tx, actor, request.params.id, fy, today, app.storage),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="80c-${fy}.pdf"`)
        .send(pdf);
    },
  );
};
