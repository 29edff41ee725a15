import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../../config';
import { startTestGateway, type TestGateway } from './razorpay.test-gateway';

/**
 * The payment gateway the fees module talks to: the official `razorpay` SDK with the keys from
 * the environment, or (no keys, outside production) the same SDK pointed at the built-in test
 * gateway, a local stand-in for Razorpay's HTTP API with secrets of its own. Either way the
 * server creates orders through the SDK and checks Razorpay's signatures here: one path.
 */
export type Gateway = {
  client: Razorpay;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkout: 'razorpay' | 'test';
  /** The stand-in, when there are no keys. */
  test: TestGateway | null;
  close: () => Promise<void>;
};

/**
 * The SDK has no option for its host (it is fixed at https://api.razorpay.com); its requests go
 * through one axios instance, `client.api.rq`, whose base URL this adapter changes. Used only
 * for the test gateway.
 */
function pointAt(client: Razorpay, baseUrl: string) {
  const api = (client as unknown as { api: { rq: { defaults: { baseURL?: string } } } }).api;
  api.rq.defaults.baseURL = baseUrl;
}

export async function openGateway(config: Config): Promise<Gateway | null> {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: hook } = config;
  if (keyId && keySecret && hook) {
    const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
    return {
      client,
      keyId,
      keySecret,
      webhookSecret: hook,
      checkout: 'razorpay',
      test: null,
      close: async () => {},
    };
  }
  if (config.NODE_ENV === 'production') return null;
  const secrets = {
    keyId: `rzp_test_${randomBytes(7).toString('hex')}`,
    keySecret: randomBytes(24).toString('hex'),
    webhookSecret: randomBytes(24).toString('hex'),
  };
  const test = await startTestGateway(secrets);
  const client = new Razorpay({ key_id: secrets.keyId, key_secret: secrets.keySecret });
  pointAt(client, test.url);
  return { client, ...secrets, checkout: 'test', test, close: test.close };
}

/** Razorpay's HMAC-SHA256, hex, compared in constant time. */
export function hmacMatches(payload: string | Buffer, signature: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(payload).digest('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Checkout's signature of a payment: HMAC of `order_id|payment_id` with the key secret. */
export const checkoutSignatureMatches = (g: Gateway, orderId: string, paymentId: string, signature: string) =>
  hmacMatches(`${orderId}|${paymentId}`, signature, g.keySecret);
