import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../plugins/tokens';
import { as, makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { memberships, sessions, type User } from './auth.table';
import { RELAXED_LIMITS, refresh, refreshCookieOf, signIn } from './auth.testing';

let t: TestApp;
let school: Institute;
let asha: User;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db, { name: 'Sunrise Public School' });
  asha = await makeUser(t.database.db, {
    institute: school,
    roles: ['teacher', 'parent'],
    email: 'asha@ex.in',
    firstName: 'Asha',
    lastName: 'Menon',
  });
});

const me = (host: string, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { host, authorization: `Bearer ${token}` } });

async function signedIn(role: 'teacher' | 'parent' = 'teacher') {
  const res = await signIn(t.app, school.domain, 'asha@ex.in', role);
  expect(res.statusCode).toBe(200);
  return res.json().data.tokens as { accessToken: string; refreshToken: string; expiresIn: number };
}

/** The wrong-password answer, without a session. */
function expectWrongPassword(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({
    success: false,
    message: 'Invalid email or password',
    code: 'auth.badCredentials',
  });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('sign-in', () => {
  it('answers spec 7.1 and sets the refresh cookie (HttpOnly, SameSite=Strict, Path=/api/auth)', async () => {
    const res = await signIn(t.app, school.domain, 'ASHA@ex.in', 'teacher');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Successfully signed in! Redirecting...');
    expect(body.data.role).toBe('teacher');
    expect(body.data.tokens.expiresIn).toBe(900);
    expect(body.data.user).toEqual({
      _id: asha.id,
      id: asha.id,
      first_name: 'Asha',
      last_name: 'Menon',
      full_name: 'Asha Menon',
      email: 'asha@ex.in',
      mobile: '9876543210',
      photo_url: '',
      role: 'teacher',
      roles: ['teacher', 'parent'],
      // What a teacher may do (common/src/<area>/permissions.ts), in the module list's order.
      permissions: [
        'jobs:read:own',
        'students:read:own',
        'students:write:own',
        'guardians:read:own',
        'classes:read',
        'staff:read',
        'calendar:read',
        'timetable:read',
        'homework:read',
        'homework:write',
        'exams:read',
        'exams:marks',
        'exams:remarks:own',
        'attendance:take',
        'postal:read:own',
        'complaints:create',
        'suggestions:create',
      ],
      is_operator: false,
      current_institute_id: school.id,
      institute_data: { institute_id: school.id, institute_name: 'Sunrise Public School' },
    });
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({
      value: body.data.tokens.refreshToken,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 30 * 86_400,
    });
    expect(cookie?.secure).toBeFalsy();

    const who = await me(school.domain, body.data.tokens.accessToken);
    expect(who.statusCode).toBe(200);
    expect(who.json().data).toEqual(body.data.user);
  });

  it('gives an unknown email and a wrong password the same answer, with no cookie', async () => {
    const wrong = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123');
    const unknown = await signIn(t.app, school.domain, 'nobody@ex.in', 'teacher', 'Wrong@123');
    for (const res of [wrong, unknown]) expectWrongPassword(res);
  });

  it('signs a person with the right password into a role they hold, telling them, when they picked another', async () => {
    const res = await signIn(t.app, school.domain, 'asha@ex.in', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'You do not have this role at this institute. You are signed in with a role you hold.',
    );
    expect(res.json().data.role).toBe('teacher');
    expect(res.json().data.user).toMatchObject({ role: 'teacher', roles: ['teacher', 'parent'] });
    expect(refreshCookieOf(res)).toBeDefined();
  });

  it('answers a person who is not a member here exactly as a wrong password, right password or not', async () => {
    const other = await makeInstitute(t.database.db);
    const wrong = await signIn(t.app, other.domain, 'asha@ex.in', 'teacher', 'Wrong@123');
    const right = await signIn(t.app, other.domain, 'asha@ex.in', 'teacher');
    for (const res of [wrong, right]) expectWrongPassword(res);
  });

  it('refuses a pending and a rejected membership with their messages', async () => {
    await makeUser(t.database.db, { institute: school, roles: [], status: 'pending', email: 'p@ex.in' });
    await t.database.db
      .update(memberships)
      .set({ requestedRoles: ['student'] })
      .where(eq(memberships.status, 'pending'));
    const pending = await signIn(t.app, school.domain, 'p@ex.in', 'student');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe(
      "Your account is awaiting approval from the institute's admin. You can sign in once it is approved.",
    );
    await makeUser(t.database.db, { institute: school, roles: [], status: 'rejected', email: 'r@ex.in' });
    const rejected = await signIn(t.app, school.domain, 'r@ex.in', 'student');
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().message).toBe(
      "Your request to join this institute was declined by the institute's admin.",
    );
  });

  it('answers /me 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(school) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue');
  });
});

describe('refresh', () => {
  it('rotates: the cookie buys new tokens and a new cookie in the same family', async () => {
    const first = await signedIn();
    const res = await refresh(t.app, school.domain, first.refreshToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.refreshToken).not.toBe(first.refreshToken);
    expect(data.expiresIn).toBe(900);
    expect(data.user).toMatchObject({ id: asha.id, role: 'teacher' });
    expect(refreshCookieOf(res)?.value).toBe(data.refreshToken);
    expect((await me(school.domain, data.accessToken)).statusCode).toBe(200);

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, asha.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.find((r) => r.tokenHash === hashToken(first.refreshToken))?.usedAt).not.toBeNull();
  });

  it('takes the refresh token from the body too (non-browser clients)', async () => {
    const first = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: as(school),
      payload: { refreshToken: first.refreshToken },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a token used moments ago with a sibling in its family (another tab, a lost answer)', async () => {
    const first = await signedIn();
    const next = (await refresh(t.app, school.domain, first.refreshToken)).json().data;
    const again = await refresh(t.app, school.domain, first.refreshToken);
    expect(again.statusCode).toBe(200);
    const sibling = again.json().data;
    expect(sibling.refreshToken).not.toBe(next.refreshToken);
    expect(refreshCookieOf(again)?.value).toBe(sibling.refreshToken);
    // Both successors work, and nothing was revoked.
    expect((await me(school.domain, next.accessToken)).statusCode).toBe(200);
    expect((await refresh(t.app, school.domain, next.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t.app, school.domain, sibling.refreshToken)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, asha.id));
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.filter((r) => r.revokedAt)).toHaveLength(0);
  });

  it('revokes the whole family when a token used over 10 s ago comes back', async () => {
    const first = await signedIn();
    const next = (await refresh(t.app, school.domain, first.refreshToken)).json().data;
    await t.database.db
      .update(sessions)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.tokenHash, hashToken(first.refreshToken)));
    const stolen = await refresh(t.app, school.domain, first.refreshToken);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({
      success: false,
      message: 'Your session has expired. Please sign in again.',
      code: 'auth.sessionExpired',
    });
    expect((await refresh(t.app, school.domain, next.refreshToken)).statusCode).toBe(401);
    expect((await me(school.domain, next.accessToken)).statusCode).toBe(401);
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, asha.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
  });

  it('answers 401 for an unknown, missing or expired token', async () => {
    expect((await refresh(t.app, school.domain, 'made-up-token')).statusCode).toBe(401);
    expect((await refresh(t.app, school.domain, undefined)).statusCode).toBe(401);
    const first = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(first.refreshToken)));
    const res = await refresh(t.app, school.domain, first.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('ends the session when the membership no longer holds the role', async () => {
    const first = await signedIn();
    await t.database.db
      .update(memberships)
      .set({ roles: ['parent'] })
      .where(eq(memberships.userId, asha.id));
    expect((await refresh(t.app, school.domain, first.refreshToken)).statusCode).toBe(401);
  });

  it("rejects tokens on another institute's host (401) and leaves them usable at home", async () => {
    const first = await signedIn();
    const other = await makeInstitute(t.database.db);
    const away = await refresh(t.app, other.domain, first.refreshToken);
    expect(away.statusCode).toBe(401);
    expect(away.json().message).toBe('This session belongs to another institute. Please sign in here.');
    const meAway = await me(other.domain, first.accessToken);
    expect(meAway.statusCode).toBe(401);
    expect((await refresh(t.app, 'unknown.example.in', first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t.app, school.domain, first.refreshToken)).statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('revokes the session of the access token and clears the cookie; idempotent', async () => {
    const tokens = await signedIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: as(school, tokens.accessToken),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Signed out', data: null });
    const cleared = refreshCookieOf(out);
    expect(cleared).toMatchObject({ value: '', path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect((await me(school.domain, tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(t.app, school.domain, tokens.refreshToken)).statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: as(school, tokens.accessToken),
    });
    expect(again.statusCode).toBe(200);
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/signOut', headers: as(school) });
    expect(bare.statusCode).toBe(200);
  });

  it('revokes the session of the refresh cookie alone, leaving other sessions open', async () => {
    const laptop = await signedIn();
    const phone = await signedIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: as(school),
      cookies: { sk_refresh: laptop.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(school.domain, laptop.accessToken)).statusCode).toBe(401);
    expect((await me(school.domain, phone.accessToken)).statusCode).toBe(200);
  });
});

describe('switch role', () => {
  it('issues a session for another held role and ends the old one', async () => {
    const teacher = await signedIn('teacher');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-role',
      headers: as(school, teacher.accessToken),
      payload: { role: 'parent' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.role).toBe('parent');
    expect(data.user).toMatchObject({ role: 'parent', roles: ['teacher', 'parent'] });
    expect(refreshCookieOf(res)?.value).toBe(data.tokens.refreshToken);
    expect((await me(school.domain, data.tokens.accessToken)).json().data.role).toBe('parent');
    expect((await me(school.domain, teacher.accessToken)).statusCode).toBe(401);
    expect((await refresh(t.app, school.domain, data.tokens.refreshToken)).json().data.user.role).toBe(
      'parent',
    );
  });

  it('refuses a role the membership does not hold (403) and needs a sign-in (401)', async () => {
    const teacher = await signedIn('teacher');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-role',
      headers: as(school, teacher.accessToken),
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have this role at this institute');
    expect((await me(school.domain, teacher.accessToken)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-role',
      headers: as(school),
      payload: { role: 'parent' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
