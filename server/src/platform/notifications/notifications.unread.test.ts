import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { User } from '../auth/auth.table';
import { RELAXED_LIMITS, signUpBody } from '../auth/auth.testing';
import type { Institute } from '../institutes/institutes.table';
import { notifications } from './notifications.table';

/**
 * The unread count is kept in memory (notifications.unread.ts). Each test has it remembered (a
 * call) before the change, and the next call must show the change.
 */
let t: TestApp;
let school: Institute;
let admin1: User;
let admin2: User;
let token1: string;
let token2: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db);
  admin1 = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
  admin2 = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
  token1 = await tokenFor(t.app, admin1, school, 'admin');
  token2 = await tokenFor(t.app, admin2, school, 'admin');
});

async function unread(token: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications/unreadCount',
    headers: as(school, token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.unreadCount;
}

/** A sign-up that waits for approval: each admin gets one request notification. */
async function pendingSignUp(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: as(school),
    payload: signUpBody({ email, role: 'teacher' }),
  });
  expect(res.statusCode).toBe(201);
}

async function requestsOf(user: User) {
  return t.database.db.select().from(notifications).where(eq(notifications.recipientId, user.id));
}

function post(url: string, token: string) {
  return t.app.inject({ method: 'POST', url, headers: as(school, token) });
}

describe('the unread count', () => {
  it('counts a new notification on the next call', async () => {
    expect([await unread(token1), await unread(token1)]).toEqual([0, 0]);
    await pendingSignUp('one@ex.in');
    expect(await unread(token1)).toBe(1);
    await pendingSignUp('two@ex.in');
    expect([await unread(token1), await unread(token2)]).toEqual([2, 2]);
  });

  it('drops at once when one or all are marked read, for the reader alone', async () => {
    await pendingSignUp('one@ex.in');
    await pendingSignUp('two@ex.in');
    await pendingSignUp('three@ex.in');
    expect([await unread(token1), await unread(token2)]).toEqual([3, 3]);
    const [first] = await requestsOf(admin1);
    const one = await post(`/api/notifications/${first?.id}/markAsRead`, token1);
    expect(one.json().data).toEqual({ unreadCount: 2 });
    expect([await unread(token1), await unread(token2)]).toEqual([2, 3]);
    const all = await post('/api/notifications/markAllAsRead', token1);
    expect(all.json().data).toEqual({ unreadCount: 0 });
    expect([await unread(token1), await unread(token2)]).toEqual([0, 3]);
  });

  it('drops at once for the admin who approves, and counts the news for the person approved', async () => {
    await pendingSignUp('ravi@ex.in');
    expect([await unread(token1), await unread(token2)]).toEqual([1, 1]);
    const [request] = await requestsOf(admin1);
    const res = await post(`/api/notifications/${request?.id}/approve`, token1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.unreadCount).toBe(0);
    expect(await unread(token1)).toBe(0);
    // The other admin's copy loses its buttons but stays unread.
    expect(await unread(token2)).toBe(1);

    const [ravi] = await t.database.db
      .select({ recipientId: notifications.recipientId })
      .from(notifications)
      .where(eq(notifications.type, 'approval'));
    const raviToken = await tokenFor(t.app, { id: ravi?.recipientId ?? '' }, school, 'teacher');
    expect(await unread(raviToken)).toBe(1);
  });
});
