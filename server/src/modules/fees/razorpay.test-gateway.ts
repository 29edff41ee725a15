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
 */
export type GatewayOrder = { id: string; amount: number; currency: string; receipt: string; status: string };
export type Webhook = { body: string; headers: Record<string, string> };
export type Captured = {
  checkout: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  webhooks: Webhook[];
};
export type TestGateway = {
  url: string;
  orders: Map<string, GatewayOrder>;
  pay: (orderId: string, at?: Date) => Captured;
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

  const pay = (orderId: string, at = new Date()): Captured => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`test gateway: no order ${orderId}`);
    order.status = 'paid';
    const created_at = Math.floor(at.getTime() / 1000);
    const payment = {
      id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      order_id: order.id,
      method: 'upi',
      captured: true,
      created_at,
    };
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
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
