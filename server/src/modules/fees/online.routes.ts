import {
  ONLINE_MESSAGES,
  onlineOrderInputSchema,
  onlineOrderSchema,
  onlineVerifySchema,
  razorpayEventSchema,
  WEBHOOK_OUTCOMES,
  webhookHeadersSchema,
} from '@schooliko/common/fees/online';
import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import type { Notification } from '../../platform/notifications/notifications.table';
import { httpError } from '../../plugins/errors';
import { announceOrderPaid } from './fees.live';
import {
  checkOrderAmount,
  findOrder,
  orderAnswer,
  receiveWebhook,
  saveOrder,
  verifyCheckout,
} from './online.service';
import { type Gateway, hmacMatches } from './razorpay.gateway';

const tags = ['fees'];
const PAYER = ['fees:read:own', 'fees:collect'] as const;
export const WEBHOOK_PATH = '/api/fees/webhooks/razorpay';

function gatewayOf(app: FastifyInstance): Gateway {
  if (!app.razorpay) throw httpError(503, ONLINE_MESSAGES.onlineUnavailable);
  return app.razorpay;
}

/** Online payment through Razorpay (issue 14 item 12): orders, the Checkout hint, the webhook. */
export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/online/orders',
    {
      config: { permission: [...PAYER] },
      schema: {
        tags,
        summary:
          "Makes a Razorpay order for a student's dues (Checkout opens it; the webhook posts the receipt)",
        body: onlineOrderInputSchema,
        response: { 201: okSchema(onlineOrderSchema) },
      },
    },
    async (request, reply) => {
      const gateway = gatewayOf(app);
      const input = request.body;
      await scoped(request, (tx, actor) => checkOrderAmount(tx, actor, input));
      // The gateway is asked outside any transaction: no lock is held across the network.
      const order = await gateway.client.orders
        .create({ amount: input.amount_paise, currency: 'INR', notes: { student_id: input.student_id } })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'Razorpay order not created');
          throw httpError(502, ONLINE_MESSAGES.onlineGatewayDown);
        });
      const data = await scoped(request, async (tx, actor) =>
        orderAnswer(tx, gateway, await saveOrder(tx, actor, input, order.id)),
      );
      reply.status(201);
      return ok(data);
    },
  );
  app.get(
    '/online/orders/:id',
    {
      config: { permission: ['fees:read', ...PAYER] },
      schema: {
        tags,
        summary: 'An online payment order: still `created`, or `paid` with its receipt',
        params: uuidParam,
        response: { 200: okSchema(onlineOrderSchema) },
      },
    },
    async (request) => {
      const gateway = gatewayOf(app);
      const data = await scoped(request, async (tx, actor) =>
        orderAnswer(tx, gateway, await findOrder(tx, actor, { id: request.params.id })),
      );
      return ok(data);
    },
  );
  app.post(
    '/online/verify',
    {
      config: { permission: [...PAYER] },
      schema: {
        tags,
        summary: "Checks Checkout's payment signature: only a hint, the webhook marks the dues paid",
        body: onlineVerifySchema,
        response: { 200: okSchema(onlineOrderSchema) },
      },
    },
    async (request) => {
      const gateway = gatewayOf(app);
      const data = await scoped(request, (tx, actor) => verifyCheckout(tx, actor, gateway, request.body));
      return ok(data, ONLINE_MESSAGES.onlinePaymentSeen);
    },
  );
  await app.register(webhookRoute);
  if (app.razorpay?.test) await app.register(testCheckoutRoute);
};

/**
 * Razorpay's webhook (public: the gateway signs it). Its JSON is parsed here only after the
 * HMAC-SHA256 of the raw body with the webhook secret matches `X-Razorpay-Signature`.
 */
const webhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const gateway = request.server.razorpay;
    if (!gateway) return done(httpError(503, ONLINE_MESSAGES.onlineUnavailable));
    const signature = request.headers['x-razorpay-signature'];
    if (typeof signature !== 'string' || !hmacMatches(raw as string, signature, gateway.webhookSecret))
      return done(httpError(400, ONLINE_MESSAGES.onlineWebhookSignature));
    try {
      done(null, JSON.parse(raw as string));
    } catch {
      done(httpError(400, ONLINE_MESSAGES.onlineWebhookInvalid));
    }
  });
  app.post(
    '/webhooks/razorpay',
    {
      schema: {
        tags,
        summary:
          'Razorpay webhook (payment.captured, order.paid): signed; posts the receipt once per payment',
        headers: webhookHeadersSchema,
        body: razorpayEventSchema,
        response: { 200: okSchema(z.object({ outcome: z.enum(WEBHOOK_OUTCOMES) })) },
      },
    },
    async (request) => {
      const made: Notification[] = [];
      const outcome = await receiveWebhook(
        app.database.db,
        { publish: (n) => made.push(n) },
        request.headers['x-razorpay-event-id'],
        request.body,
      );
      // Announced once the receipt has committed.
      for (const n of made) app.notificationHub.publish(n);
      if (outcome === 'posted') await announceOrderPaid(app, request.body.payload.payment?.entity.order_id);
      return ok({ outcome });
    },
  );
};

/**
 * The test gateway's Checkout (no Razorpay keys, never in production): "pays" an order as
 * Razorpay would, sends its signed webhooks to our webhook route, and answers what Checkout's
 * handler gets (order id, payment id, signature) for the browser to verify. Only the signed-in
 * person who made the order may (issue 27): anyone else gets the order's 404.
 */
const testCheckoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/online/test-checkout',
    {
      config: { permission: [...PAYER] },
      schema: {
        tags: ['dev'],
        summary: 'Test gateway only: pays an order, delivers its webhooks, answers as Checkout does',
        body: z.object({ order_id: z.string().trim().min(1).max(64) }),
        response: { 200: okSchema(onlineVerifySchema) },
      },
    },
    async (request) => {
      const test = app.razorpay?.test;
      const mine = await scoped(request, async (tx, actor) => {
        const row = await findOrder(tx, actor, { gatewayOrderId: request.body.order_id });
        return row.createdBy === actor.userId;
      });
      if (!mine || !test?.orders.has(request.body.order_id))
        throw httpError(404, ONLINE_MESSAGES.onlineOrderNotFound);
      const paid = test.pay(request.body.order_id);
      for (const hook of paid.webhooks) {
        const res = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: hook.headers,
          payload: hook.body,
        });
        if (res.statusCode !== 200)
          request.log.warn({ status: res.statusCode, body: res.body }, 'test webhook refused');
      }
      return ok(paid.checkout);
    },
  );
};
