import type { Role } from '@schooliko/common/auth';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { outbox } from '../mail/mail.table';
import { REFRESH_COOKIE } from './auth.routes';

/** Test helpers for the auth API (not a test file itself). */
export const TEST_PASSWORD = 'Password@123';

/** Limits high enough that only the rate-limit tests ever meet them. */
export const RELAXED_LIMITS =
  'signin-account=1000/60,signin-device=1000/60,signin-ip=1000/60,signup-ip=1000/60,signup-mail=1000/60,forgot-email=1000/60,forgot-ip=1000/60,reset-ip=1000/60,refresh-ip=1000/60';

export function signUpBody(fields: Record<string, unknown> = {}) {
  return {
    first_name: 'Meera',
    last_name: 'Nair',
    email: 'meera.nair@example.com',
    mobile: '9876543210',
    password: 'Secret@123',
    confirm_password: 'Secret@123',
    role: 'student',
    ...fields,
  };
}

export function signIn(
  app: FastifyInstance,
  host: string,
  email: string,
  role: Role,
  password = TEST_PASSWORD,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { host, ...headers },
    payload: { email, password, role },
  });
}

export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

export function refresh(app: FastifyInstance, host: string, token: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { host },
    cookies: token ? { [REFRESH_COOKIE]: token } : {},
    payload: {},
  });
}

/** The newest mail to an address; the forgot-password mail is sent just after the answer. */
export async function waitForMail(app: FastifyInstance, to: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(desc(outbox.seq))
      .limit(1);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    // Mail goes through the job queue, which tests work themselves.
    await app.jobs.drain();
    await new Promise((r) => setTimeout(r, 25));
  }
}
