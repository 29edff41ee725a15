import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupPayload } from '../../modules/groups/groups.testing';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { institutes } from '../institutes/institutes.table';
import { notifications } from '../notifications/notifications.table';
import { memberships, users } from './auth.table';
import { RELAXED_LIMITS, signIn, signUpBody, TEST_PASSWORD } from './auth.testing';

/**
 * A director may change an institute's website and profile and put it into a group, so a director
 * sign-up is active at once only while the institute has no active admin (a new institute or
 * chain); otherwise it waits for an admin's approval like a later admin's sign-up.
 */
let t: TestApp;
let school: Institute;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db, { name: 'Sunrise Public School' });
});

const PENDING =
  "Your account is awaiting approval from the institute's admin. You can sign in once it is approved.";

function signUp(fields: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: { host: school.domain },
    payload: signUpBody(fields),
  });
}

async function membershipOf(email: string) {
  const [row] = await t.database.db
    .select({ roles: memberships.roles, requested: memberships.requestedRoles, status: memberships.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.instituteId, school.id)));
  return row;
}

async function userOf(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

function notificationsFor(recipientId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.recipientId, recipientId));
}

/** An active admin of the school with a token, and a director who signed up after them (pending). */
async function pendingDirector() {
  const admin = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
  const adminHeaders = as(school, await tokenFor(t.app, admin, school, 'admin'));
  const res = await signUp({ role: 'director', first_name: 'Ravi', last_name: 'Shah', email: 'ravi@ex.in' });
  expect(res.statusCode).toBe(201);
  const director = await userOf('ravi@ex.in');
  const [request] = await notificationsFor(admin.id);
  if (!request) throw new Error('the admin was not asked');
  return { admin, adminHeaders, director, request };
}

describe('director sign-up', () => {
  it('is pending when the institute has an active admin, who is asked to approve it', async () => {
    const admin1 = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    const admin2 = await makeUser(t.database.db, { institute: school, roles: ['admin', 'director'] });
    const res = await signUp({
      role: 'director',
      first_name: 'Ravi',
      last_name: 'Shah',
      email: 'ravi@ex.in',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Account created. You can sign in once the institute's admin approves your request.",
      data: { status: 'pending', user: { role: 'director', roles: [] } },
    });
    expect(await membershipOf('ravi@ex.in')).toEqual({
      roles: [],
      requested: ['director'],
      status: 'pending',
    });

    const ravi = await userOf('ravi@ex.in');
    for (const admin of [admin1, admin2]) {
      const list = await notificationsFor(admin.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        instituteId: school.id,
        type: 'membership-request',
        title: 'New sign-up request',
        message: 'Ravi Shah (ravi@ex.in) asked to join as director',
        actions: ['approve', 'reject'],
        eventType: 'membership',
        eventId: `${school.id}:${ravi.id}:director`,
        status: 'unread',
      });
    }

    const refused = await signIn(t.app, school.domain, 'ravi@ex.in', 'director', 'Secret@123');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: PENDING, code: 'auth.pendingApproval' });
  });

  it('is active at once at an institute with no active admin (a new institute or chain)', async () => {
    // A pending admin cannot approve anybody, so it does not count.
    await makeUser(t.database.db, { institute: school, roles: [], status: 'pending' });
    const res = await signUp({ role: 'director', email: 'founder@ex.in' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Account created successfully! Redirecting to sign in...',
      data: { status: 'active', user: { role: 'director', roles: ['director'] } },
    });
    expect(await membershipOf('founder@ex.in')).toEqual({
      roles: ['director'],
      requested: [],
      status: 'active',
    });
    expect(await t.database.db.select().from(notifications)).toHaveLength(0);
    expect((await signIn(t.app, school.domain, 'founder@ex.in', 'director', 'Secret@123')).statusCode).toBe(
      200,
    );
  });

  it('makes both founding roles active when the first person asks for admin and director together', async () => {
    const res = await signUp({ role: 'director', roles: ['director', 'admin'], email: 'both@ex.in' });
    expect(res.json().data.status).toBe('active');
    expect(await membershipOf('both@ex.in')).toEqual({
      roles: ['director', 'admin'],
      requested: [],
      status: 'active',
    });
  });

  it('keeps the director role pending when a known member adds it where an admin exists', async () => {
    const admin = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    await makeUser(t.database.db, {
      institute: school,
      roles: ['teacher'],
      email: 'asha@ex.in',
      firstName: 'Asha',
      lastName: 'Kulkarni',
    });
    const res = await signUp({
      role: 'director',
      email: 'asha@ex.in',
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      user: { role: 'director', roles: ['teacher'] },
    });
    expect(await membershipOf('asha@ex.in')).toEqual({
      roles: ['teacher'],
      requested: ['director'],
      status: 'active',
    });
    expect((await notificationsFor(admin.id)).map((n) => n.message)).toEqual([
      'Asha Kulkarni (asha@ex.in) asked to join as director',
    ]);
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher')).statusCode).toBe(200);
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'director')).json().message).toBe(PENDING);
  });

  it('gives an active admin of the institute the director role at once', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['admin'], email: 'ravi@ex.in' });
    const res = await signUp({
      role: 'director',
      email: 'ravi@ex.in',
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('active');
    expect(await membershipOf('ravi@ex.in')).toEqual({
      roles: ['admin', 'director'],
      requested: [],
      status: 'active',
    });
    expect((await signIn(t.app, school.domain, 'ravi@ex.in', 'director')).statusCode).toBe(200);
  });

  it('becomes active when an admin approves it from the bell, and the director is told', async () => {
    const { adminHeaders, director, request } = await pendingDirector();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${request.id}/approve`,
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Request approved');
    expect(await membershipOf('ravi@ex.in')).toEqual({
      roles: ['director'],
      requested: [],
      status: 'active',
    });
    const [told] = await notificationsFor(director.id);
    expect(told).toMatchObject({
      type: 'approval',
      message: 'Your request to join Sunrise Public School as director was approved. You can sign in now.',
    });
    const signedIn = await signIn(t.app, school.domain, 'ravi@ex.in', 'director', 'Secret@123');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.roles).toEqual(['director']);
  });
});

describe('a pending director has no power over the institute', () => {
  it('cannot manage the website or profile or put the institute into a group until approved', async () => {
    const { adminHeaders, director, request } = await pendingDirector();
    // Sign-in is refused (above); even a token for the pending membership is refused by requireAuth.
    const headers = as(school, await tokenFor(t.app, director, school, 'director'));
    const attempts = [
      { method: 'GET', url: '/api/website' },
      { method: 'POST', url: '/api/website/publish' },
      { method: 'GET', url: '/api/profile' },
      { method: 'POST', url: '/api/groups', payload: groupPayload() },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers });
      expect({ call: `${attempt.method} ${attempt.url}`, status: res.statusCode, body: res.json() }).toEqual({
        call: `${attempt.method} ${attempt.url}`,
        status: 401,
        body: {
          success: false,
          message: 'Your session has expired. Please sign in again.',
          code: 'auth.sessionExpired',
        },
      });
    }
    const [unchanged] = await t.database.db.select().from(institutes).where(eq(institutes.id, school.id));
    expect(unchanged?.groupId).toBeNull();

    // Once an admin approves, the same director may.
    await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${request.id}/approve`,
      headers: adminHeaders,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/website', headers })).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers,
      payload: groupPayload(),
    });
    expect(created.statusCode).toBe(201);
    const [linked] = await t.database.db.select().from(institutes).where(eq(institutes.id, school.id));
    expect(linked?.groupId).toBe(created.json().data._id);
  });

  it('stays powerless when the admin rejects the request', async () => {
    const { adminHeaders, director, request } = await pendingDirector();
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${request.id}/reject`,
      headers: adminHeaders,
    });
    expect(rejected.statusCode).toBe(200);
    expect(await membershipOf('ravi@ex.in')).toEqual({ roles: [], requested: [], status: 'rejected' });
    const headers = as(school, await tokenFor(t.app, director, school, 'director'));
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(401);
    expect((await signIn(t.app, school.domain, 'ravi@ex.in', 'director', 'Secret@123')).json().message).toBe(
      "Your request to join this institute was declined by the institute's admin.",
    );
  });
});
