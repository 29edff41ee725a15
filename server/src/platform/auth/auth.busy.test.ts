import { passwordsBusyMessage } from '@schooliko/common/auth';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { passwordHashingPool, warmDummyHash } from './auth.passwords';
import { users } from './auth.table';
import { RELAXED_LIMITS, signIn, signUpBody } from './auth.testing';

// One password check at a time and one more waiting: the test holds the slot itself, so which
// requests wait and which are turned away does not depend on timing.
let t: TestApp;
let school: Institute;
beforeAll(async () => {
  t = await createTestApp({
    PASSWORD_HASH_CONCURRENCY: '1',
    PASSWORD_HASH_QUEUE: '1',
    RATE_LIMITS: RELAXED_LIMITS,
  });
  await warmDummyHash(); // made in the pool at start-up: let it finish first
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db);
  await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
});

/** Takes the pool's only slot until `release` is called. */
function holdTheSlot() {
  expect(passwordHashingPool().load).toBe(0);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const running = passwordHashingPool().run(() => held);
  return async () => {
    release();
    await running;
  };
}

function expectBusy(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  const retryAfter = String(res.headers['retry-after']);
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(res.json()).toEqual({
    success: false,
    message: passwordsBusyMessage(Number(retryAfter)).text,
    code: 'auth.passwordsBusy',
    params: { count: Number(retryAfter) },
  });
}

/** Starts the requests together; resolves once `count` of them have answered. */
function fire(requests: (() => Promise<LightMyRequestResponse>)[]) {
  const answered: LightMyRequestResponse[] = [];
  const all = Promise.all(
    requests.map((send) =>
      send().then((res) => {
        answered.push(res);
        return res;
      }),
    ),
  );
  const first = async (count: number) => {
    await vi.waitFor(() => expect(answered.length).toBeGreaterThanOrEqual(count), { timeout: 20_000 });
    return answered.slice(0, count);
  };
  return { all, first };
}

/** Waits until a sign-in is queued behind the held slot. */
const oneWaiting = () => vi.waitFor(() => expect(passwordHashingPool().load).toBe(2), { timeout: 20_000 });

const asha = () => signIn(t.app, school.domain, 'asha@ex.in', 'teacher');

describe('password checks beyond the pool', () => {
  it('lets one sign-in wait for the busy slot and answers the others 503 with Retry-After', async () => {
    const release = holdTheSlot();
    const burst = fire([asha, asha, asha, asha]);
    const refused = await burst.first(3);
    for (const res of refused) expectBusy(res);
    expect(passwordHashingPool().load).toBe(2); // the held slot and the one waiting sign-in

    await release();
    const outcomes = (await burst.all).map((res) => res.statusCode).sort();
    expect(outcomes).toEqual([200, 503, 503, 503]);
    expect(passwordHashingPool().load).toBe(0);
    expect((await asha()).statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown email the same 503 while busy', async () => {
    const release = holdTheSlot();
    const waiting = fire([asha]);
    await oneWaiting();
    const wrong = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123');
    const unknown = await signIn(t.app, school.domain, 'nobody@ex.in', 'teacher');
    expectBusy(wrong);
    expectBusy(unknown);
    await release();
    expect((await waiting.all).map((res) => res.statusCode)).toEqual([200]);
    expect((await signIn(t.app, school.domain, 'nobody@ex.in', 'teacher')).statusCode).toBe(401);
  });

  it('refuses a sign-up while busy without creating anybody, and takes it afterwards', async () => {
    const release = holdTheSlot();
    const waiting = fire([asha]);
    await oneWaiting();
    const body = signUpBody({ email: 'meera@ex.in', role: 'admin' });
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signUp',
        headers: { host: school.domain },
        payload: body,
      });
    expectBusy(await signUp());
    expect(await t.database.db.select().from(users).where(eq(users.email, 'meera@ex.in'))).toEqual([]);
    await release();
    await waiting.all;
    expect((await signUp()).statusCode).toBe(201);
  });
});
