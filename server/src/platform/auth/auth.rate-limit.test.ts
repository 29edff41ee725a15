import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { outbox } from '../mail/mail.table';
import { refresh, signIn, signUpBody } from './auth.testing';

let t: TestApp;
let school: Institute;
let ipCounter = 0;
/** Each test speaks from its own address (trustProxy), so per-IP counters do not leak between tests. */
let ip: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    // Behind one trusted proxy, so each test can speak from its own address.
    TRUST_PROXY_HOPS: '1',
    RATE_LIMITS:
      'signin-account=3/60,signin-ip=5/60,forgot-email=2/900,forgot-ip=6/60,refresh-ip=3/60,signup-ip=2/60,signup-mail=1/900',
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db);
  await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
  ipCounter += 1;
  ip = { 'x-forwarded-for': `203.0.113.${ipCounter}` };
});

function expectTooMany(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.json()).toEqual({
    success: false,
    message: `Too many attempts. Please try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`,
    code: 'auth.tooManyAttempts',
    params: { count: retryAfter },
  });
}

const forgot = (email: string, headers = ip) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { host: school.domain, ...headers },
    payload: { email },
  });

describe('sign-in limits', () => {
  it('locks an account after 3 failed attempts, even for the right password', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123', ip)).statusCode).toBe(
        401,
      );
    expectTooMany(await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123', ip), 60);
    const otherIp = { 'x-forwarded-for': '198.51.100.77' };
    expectTooMany(await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, otherIp), 60);
    // Another person from the same address is not locked out by Asha's counter.
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'ravi@ex.in' });
    expect((await signIn(t.app, school.domain, 'ravi@ex.in', 'teacher', undefined, ip)).statusCode).toBe(200);
  });

  it('counts unknown emails like wrong passwords (no enumeration through the limit)', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn(t.app, school.domain, 'ghost@ex.in', 'teacher', 'Wrong@123', ip)).statusCode).toBe(
        401,
      );
    expectTooMany(await signIn(t.app, school.domain, 'ghost@ex.in', 'teacher', 'Wrong@123', ip), 60);
  });

  it('does not count sign-ins with the right password', async () => {
    for (let i = 0; i < 6; i++)
      expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, ip)).statusCode).toBe(
        200,
      );
  });

  it('counts a right password where the person is not a member as a failure (it answers as one)', async () => {
    const other = await makeInstitute(t.database.db);
    for (let i = 0; i < 3; i++)
      expect((await signIn(t.app, other.domain, 'asha@ex.in', 'teacher', undefined, ip)).statusCode).toBe(
        401,
      );
    expectTooMany(await signIn(t.app, other.domain, 'asha@ex.in', 'teacher', undefined, ip), 60);
  });

  it('limits failures per address across accounts', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(t.app, school.domain, `p${i}@ex.in`, 'teacher', 'Wrong@123', ip)).statusCode).toBe(
        401,
      );
    expectTooMany(await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, ip), 60);
    const elsewhere = { 'x-forwarded-for': '198.51.100.200' };
    expect(
      (await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, elsewhere)).statusCode,
    ).toBe(200);
  });
});

describe('other limits', () => {
  it('limits forgot-password per email, known or not, and per address', async () => {
    for (const email of ['asha@ex.in', 'ghost@ex.in']) {
      expect((await forgot(email)).statusCode).toBe(200);
      expect((await forgot(email)).statusCode).toBe(200);
      expectTooMany(await forgot(email), 900);
    }
    // 6 per minute per address: the two 429s above counted too.
    expectTooMany(await forgot('third@ex.in'), 60);
  });

  it('limits refresh attempts per address', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { host: school.domain, ...ip },
        payload: { refreshToken: `forged-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { host: school.domain, ...ip },
      payload: {},
    });
    expectTooMany(res, 60);
  });

  it('does not count successful refreshes', async () => {
    let token = (await signIn(t.app, school.domain, 'asha@ex.in', 'teacher')).json().data.tokens.refreshToken;
    for (let i = 0; i < 5; i++) {
      const res = await refresh(t.app, school.domain, token);
      expect(res.statusCode).toBe(200);
      token = res.json().data.refreshToken;
    }
  });

  it('mails the owner of a known email once a window, answering every sign-up the same', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signUp',
        headers: { host: school.domain, 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: signUpBody({ email: 'asha@ex.in', role: 'student' }),
      });
      expect(res.statusCode).toBe(201);
    }
    await t.app.jobs.drain();
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, 'asha@ex.in'))).toHaveLength(1);
  });

  it('limits sign-ups per address', async () => {
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signUp',
        headers: { host: school.domain, ...ip },
        payload: signUpBody({ email, role: 'student' }),
      });
    expect((await signUp('s1@ex.in')).statusCode).toBe(201);
    expect((await signUp('s2@ex.in')).statusCode).toBe(201);
    expectTooMany(await signUp('s3@ex.in'), 60);
  });
});
