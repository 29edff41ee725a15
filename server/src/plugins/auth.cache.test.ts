import type { Role } from '@schooliko/common/auth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResets, sessions, type User, users } from '../platform/auth/auth.table';
import { RELAXED_LIMITS, refresh, signIn, signUpBody, TEST_PASSWORD } from '../platform/auth/auth.testing';
import type { Institute } from '../platform/institutes/institutes.table';
import { notifications } from '../platform/notifications/notifications.table';
import { as, makeInstitute, makeUser, tokenFor } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * Signed-in calls remember a session's check for a few seconds (plugins/auth.ts). Every change to
 * a session or a membership must show on the very next call: each test has the check remembered
 * (a call that succeeds) before the change, then calls again.
 */
let t: TestApp;
let school: Institute;
let admin: User;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db, { name: 'Sunrise Public School' });
  admin = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
  adminToken = await tokenFor(t.app, admin, school, 'admin');
  await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
});

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(school, token) });

async function signedIn(email = 'asha@ex.in', role: Role = 'teacher') {
  const res = await signIn(t.app, school.domain, email, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tokens as { accessToken: string; refreshToken: string };
}

/** /me twice: the second answer comes from the remembered check. */
async function remembered(token: string) {
  expect((await me(token)).statusCode).toBe(200);
  const again = await me(token);
  expect(again.statusCode).toBe(200);
  return again.json().data as { roles: Role[] };
}

const switchRole = (token: string, role: Role) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/switch-role',
    headers: as(school, token),
    payload: { role },
  });

/** A sign-up here with the test password (a member asking for one more role uses theirs). */
const signUp = (email: string, role: Role) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: as(school),
    payload: signUpBody({ email, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD, role }),
  });

/** Asha, a teacher here, asks for the parent role too; the admin's request notification. */
async function ashaAsksToBeParent() {
  const res = await signUp('asha@ex.in', 'parent');
  expect(res.json().data.status).toBe('pending');
  const [request] = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, admin.id), eq(notifications.type, 'membership-request')));
  if (!request) throw new Error('the admin was not asked');
  return request;
}

function decide(notificationId: string, action: 'approve' | 'reject') {
  return t.app.inject({
    method: 'POST',
    url: `/api/notifications/${notificationId}/${action}`,
    headers: as(school, adminToken),
  });
}

describe('a remembered session check', () => {
  it('is forgotten at sign-out: the same access token is refused on the next call', async () => {
    const tokens = await signedIn();
    await remembered(tokens.accessToken);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: as(school, tokens.accessToken),
    });
    expect(out.statusCode).toBe(200);
    const after = await me(tokens.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      success: false,
      message: 'Your session has expired. Please sign in again.',
      code: 'auth.sessionExpired',
    });
  });

  it('is forgotten when a refresh token used long ago comes back and revokes its family', async () => {
    const first = await signedIn();
    const next = (await refresh(t.app, school.domain, first.refreshToken)).json().data;
    await remembered(next.accessToken);
    await t.database.db
      .update(sessions)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.tokenHash, hashToken(first.refreshToken)));
    expect((await refresh(t.app, school.domain, first.refreshToken)).statusCode).toBe(401);
    expect((await me(next.accessToken)).statusCode).toBe(401);
  });

  it('is forgotten for every session of a person whose password is reset', async () => {
    const teacher = await signedIn();
    const other = await signedIn();
    await remembered(teacher.accessToken);
    await remembered(other.accessToken);
    const [asha] = await t.database.db.select().from(users).where(eq(users.email, 'asha@ex.in'));
    const link = newOpaqueToken();
    await t.database.db.insert(passwordResets).values({
      instituteId: school.id,
      userId: asha?.id ?? '',
      tokenHash: link.hash,
      expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: as(school),
      payload: { token: link.token, password: 'NewSecret@2025', confirm_password: 'NewSecret@2025' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(teacher.accessToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(401);
  });

  it('takes a role approved from the bell at once: /me lists it and switch role accepts it', async () => {
    const tokens = await signedIn();
    const request = await ashaAsksToBeParent();
    expect((await remembered(tokens.accessToken)).roles).toEqual(['teacher']);
    expect((await decide(request.id, 'approve')).statusCode).toBe(200);
    expect((await me(tokens.accessToken)).json().data.roles).toEqual(['teacher', 'parent']);
    const switched = await switchRole(tokens.accessToken, 'parent');
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.role).toBe('parent');
  });

  it('keeps the roles as they are when the request is rejected: switching to it is refused', async () => {
    const tokens = await signedIn();
    const request = await ashaAsksToBeParent();
    await remembered(tokens.accessToken);
    expect((await decide(request.id, 'reject')).statusCode).toBe(200);
    expect((await me(tokens.accessToken)).json().data.roles).toEqual(['teacher']);
    const switched = await switchRole(tokens.accessToken, 'parent');
    expect(switched.statusCode).toBe(403);
  });

  it('lets in at once a pending member whose sign-up was just approved', async () => {
    const res = await signUp('ravi@ex.in', 'student');
    expect(res.json().data.status).toBe('pending');
    const ravi = { id: res.json().data.user.id as string };
    // A token of a session started while pending (sign-in refuses one; this shows the check).
    const token = await tokenFor(t.app, ravi, school, 'student');
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
    const [request] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, admin.id));
    expect((await decide(request?.id ?? '', 'approve')).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('takes at once the director role an active admin adds by signing up for it', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['admin'], email: 'head@ex.in' });
    const tokens = await signedIn('head@ex.in', 'admin');
    expect((await remembered(tokens.accessToken)).roles).toEqual(['admin']);
    const res = await signUp('head@ex.in', 'director');
    expect(res.json().data.status).toBe('active');
    expect((await me(tokens.accessToken)).json().data.roles).toEqual(['admin', 'director']);
  });
});
