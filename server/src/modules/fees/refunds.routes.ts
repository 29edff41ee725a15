import { ONLINE_MESSAGES } from '@schooliko/common/fees/online';
import { flaggedPaymentSchema, REFUND_MESSAGES, refundInputSchema } from '@schooliko/common/fees/refunds';
import { okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { listFlagged, refundFlagged } from './refunds.service';

const tags = ['fees'];

/** Flagged online payments (no receipt posted) and their refund through Razorpay. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/online/flagged',
    {
      config: { permission: 'fees:cancel' },
      schema: {
        tags,
        summary:
          'Online payments flagged for refund (no order of ours, a second payment, another amount or currency), with their refunds',
        response: { 200: okSchema(z.object({ items: z.array(flaggedPaymentSchema) })) },
      },
    },
    async (request) => answerItems(request, (tx, actor) => listFlagged(tx, actor)),
  );
  app.post(
    '/online/refunds',
    {
      config: { permission: 'fees:cancel' },
      schema: {
        tags,
        summary: "Refunds a flagged payment in full through Razorpay's refunds API, once",
        body: refundInputSchema,
        response: { 200: okSchema(flaggedPaymentSchema) },
      },
    },
    async (request) => {
      const gateway = app.razorpay;
      if (!gateway) throw httpError(503, ONLINE_MESSAGES.onlineUnavailable);
      const data = await scoped(request, (tx, actor) =>
        refundFlagged(tx, actor, gateway, request.body.payment_id),
      );
      if (!data) throw httpError(404, REFUND_MESSAGES.refundNotFound);
      return ok(data, REFUND_MESSAGES.refunded);
    },
  );
};
