import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_BDR, seedBdrs } from './bdrs.seed';

/** A fresh client address, so per-IP limits of one test do not spill into the next. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The code in the newest mail to an address, read the way the e2e test reads it; the mail goes
 * just after the answer, so it is waited for (a second at most).
 */
/**
 * The code of the newest mail to `email`, waiting for it (the code is mailed after the answer).
 * `after`: a code already read, to wait for the next mail (a new code is another six digits; the
 * one-in-a-million same code would wait out the timeout).
 */
export async function latestOtp(
  app: FastifyInstance,
  email: string,
  after?: string,
  timeoutMs = 1_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`,
    });
    const text: string = res.json().data.items[0]?.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (code && code !== after) return code;
    if (Date.now() > until) throw new Error(`no code in the outbox for ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The demo BDR through fetch and verify-otp: a registration token. */
export async function verifiedGrant(app: FastifyInstance, ip = randomIp()): Promise<string> {
  await seedBdrs(app.database.db);
  const sent = await app.inject({
    method: 'GET',
    url: `/api/bdrs/fetch?bdr_id=${DEMO_BDR.bdrId}`,
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`fetch answered ${sent.statusCode}: ${sent.body}`);
  const otp = await latestOtp(app, DEMO_BDR.email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/bdrs/verify-otp',
    remoteAddress: ip,
    payload: { bdr_id: DEMO_BDR.bdrId, otp },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return verified.json().data.registration_token;
}
