import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The built-in test gateway (no Razorpay keys, outside production): a local HTTP server that
 * answers Razorpay's orders API as the SDK calls it (Basic auth with the key pair), and `pay`,
 * which does what Razorpay does once a customer pays in Checkout: it captures a payment, signs
 * it for the browser (HMAC of `order_id|payment_id` with the key secret) and writes the webhook
 * events `payment.captured` and `order.paid`, signed over their raw body with the webhook secret.
 * Delivering those to the webhook route is the caller's job (the dev checkout page, or a test).
 * It keeps the payments it captured and answers the refunds API as Razorpay does (a refund of at
 * most what is left of the payment; the payment's refunds listed).
 */
export type GatewayOrder = { id: string; amount: number; currency: string; receipt: string; status: string };
export type Webhook = { body: string; headers: Record<string, string> };
export type GatewayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  order_id: string | null;
  method: string;
  captured: boolean;
  amount_refunded: number;
  created_at: number;
};
export type GatewayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
};
export type Captured = {
  checkout: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  webhooks: Webhook[];
};
export type TestGateway = {
  url: string;
  orders: Map<string, GatewayOrder>;
  pay: (orderId: string, at?: Date) => Captured;
  payments: Map<string, GatewayPayment>;
  refunds: GatewayRefund[];
  /** A captured payment (of an order, or of none: money sent outside our orders). */
  capture: (amount: number, orderId?: string | null, at?: Date) => GatewayPayment;
  /** A signed webhook for any event body (tests: order-less payments, stale events). */
  sign: (event: object, eventId?: string) => Webhook;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url')}`;
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function send(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

export async function startTestGateway(keys: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): Promise<TestGateway> {
  const orders = new Map<string, GatewayOrder>();
  const payments = new Map<string, GatewayPayment>();
  const refunds: GatewayRefund[] = [];
  const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const bad = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

  const server = createServer(async (req, res) => {
    if (req.headers.authorization !== basic) return send(res, 401, bad('Authentication failed'));
    const path = new URL(req.url ?? '/', 'http://gateway').pathname;
    if (req.method === 'POST' && path === '/v1/orders') {
      const body = await readJson(req);
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100)
        return send(res, 400, bad('amount must be at least 100'));
      const order = {
        id: id('order'),
        amount,
        currency: String(body.currency ?? 'INR'),
        receipt: String(body.receipt ?? ''),
        status: 'created',
      };
      orders.set(order.id, order);
      return send(res, 200, { entity: 'order', amount_paid: 0, amount_due: amount, attempts: 0, ...order });
    }
    const refunding = req.method === 'POST' && /^\/v1\/payments\/([\w-]+)\/refund$/.exec(path);
    if (refunding) {
      const payment = payments.get(refunding[1] ?? '');
      if (!payment) return send(res, 400, bad('The id provided does not exist'));
      const body = await readJson(req);
      const left = payment.amount - payment.amount_refunded;
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (payment.status !== 'captured' && payment.status !== 'refunded')
        return send(res, 400, bad('Only captured payments can be refunded'));
      if (left <= 0) return send(res, 400, bad('The payment has been fully refunded already'));
      if (!Number.isInteger(amount) || amount < 100 || amount > left)
        return send(res, 400, bad('The refund amount provided is greater than amount captured'));
      const refund: GatewayRefund = {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        notes: (body.notes as Record<string, string>) ?? {},
        status: 'processed',
        speed_processed: 'normal',
        created_at: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      payment.amount_refunded += amount;
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      return send(res, 200, refund);
    }
    const listing = req.method === 'GET' && /^\/v1\/payments\/([\w-]+)\/refunds$/.exec(path);
    if (listing) {
      const items = refunds.filter((r) => r.payment_id === listing[1]);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    const fetched = req.method === 'GET' && /^\/v1\/orders\/([\w-]+)$/.exec(path);
    const order = fetched ? orders.get(fetched[1] ?? '') : undefined;
    if (order) return send(res, 200, { entity: 'order', ...order });
    return send(res, 404, bad('The requested URL was not found on the server.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (event: object, eventId = id('evt')): Webhook => {
    const body = JSON.stringify(event);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac(keys.webhookSecret, body),
        'x-razorpay-event-id': eventId,
      },
    };
  };

  const capture = (amount: number, orderId: string | null = null, at = new Date()): GatewayPayment => {
    const payment: GatewayPayment = {
      id: id('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      order_id: orderId,
      method: 'upi',
      captured: true,
      amount_refunded: 0,
      created_at: Math.floor(at.getTime() / 1000),
    };
    payments.set(payment.id, payment);
    return payment;
  };

  const pay = (orderId: string, at = new Date()): Captured => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`test gateway: no order ${orderId}`);
    order.status = 'paid';
    const payment = capture(order.amount, order.id, at);
    const created_at = payment.created_at;
    const event = (name: string, contains: string[], payload: object) => ({
      entity: 'event',
      account_id: 'acc_schooliko_test',
      event: name,
      contains,
      payload,
      created_at,
    });
    return {
      checkout: {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: hmac(keys.keySecret, `${order.id}|${payment.id}`),
      },
      webhooks: [
        sign(event('payment.captured', ['payment'], { payment: { entity: payment } })),
        sign(
          event('order.paid', ['payment', 'order'], {
            payment: { entity: payment },
            order: { entity: { ...order, entity: 'order', amount_paid: order.amount, amount_due: 0 } },
          }),
        ),
      ],
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    pay,
    payments,
    refunds,
    capture,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
