import { verify } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { notifications } from '../notifications/notifications.table';
import { memberships, users } from './auth.table';
import { RELAXED_LIMITS, signIn, signUpBody, TEST_PASSWORD, waitForMail } from './auth.testing';

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

function signUp(fields: Record<string, unknown>, host = school.domain) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: { host },
    payload: signUpBody(fields),
  });
}

async function membershipOf(email: string, institute = school) {
  const [row] = await t.database.db
    .select({ roles: memberships.roles, requested: memberships.requestedRoles, status: memberships.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.instituteId, institute.id)));
  return row;
}

function notificationsFor(recipientId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.recipientId, recipientId));
}

function act(actorId: string, eventId: string, action: 'approve' | 'reject', instituteId = school.id) {
  const handler = t.app.notificationActions.get('membership');
  if (!handler) throw new Error('membership handler not registered');
  return handler(
    {
      db: t.database.db,
      hub: t.app.notificationHub,
      invalidate: t.app.invalidation.invalidate,
      actorId,
      instituteId,
    },
    eventId,
    action,
  );
}

describe('sign-up', () => {
  it('makes the first admin of an institute active at once, with an argon2id hash', async () => {
    const res = await signUp({ role: 'admin', email: 'Head@Sunrise.IN' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Account created successfully! Redirecting to sign in...',
      data: {
        status: 'active',
        user: {
          email: 'head@sunrise.in',
          first_name: 'Meera',
          last_name: 'Nair',
          full_name: 'Meera Nair',
          mobile: '9876543210',
          role: 'admin',
          roles: ['admin'],
          current_institute_id: school.id,
          institute_data: { institute_id: school.id, institute_name: 'Sunrise Public School' },
        },
      },
    });
    expect(body.data.user._id).toBe(body.data.user.id);
    expect(await membershipOf('head@sunrise.in')).toEqual({
      roles: ['admin'],
      requested: [],
      status: 'active',
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'head@sunrise.in'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(user?.passwordHash ?? '', 'Secret@123')).toBe(true);
    expect((await signIn(t.app, school.domain, 'head@sunrise.in', 'admin', 'Secret@123')).statusCode).toBe(
      200,
    );
  });

  it('keeps a second admin pending and asks the first admin to approve', async () => {
    const first = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    const res = await signUp({ role: 'admin', email: 'second@sunrise.in' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      "Account created. You can sign in once the institute's admin approves your request.",
    );
    expect(res.json().data.status).toBe('pending');
    expect(await membershipOf('second@sunrise.in')).toEqual({
      roles: [],
      requested: ['admin'],
      status: 'pending',
    });
    const [note] = await notificationsFor(first.id);
    expect(note?.message).toBe('Meera Nair (second@sunrise.in) asked to join as admin');
  });

  it('keeps a student pending and notifies every active admin with Approve and Reject', async () => {
    const admin1 = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    const admin2 = await makeUser(t.database.db, { institute: school, roles: ['admin', 'director'] });
    const pendingAdmin = await makeUser(t.database.db, {
      institute: school,
      roles: ['admin'],
      status: 'pending',
    });
    const otherSchool = await makeInstitute(t.database.db);
    const elsewhere = await makeUser(t.database.db, { institute: otherSchool, roles: ['admin'] });

    const res = await signUp({
      role: 'student',
      first_name: 'Kabir',
      last_name: 'Rao',
      email: 'kabir@ex.in',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', user: { role: 'student', roles: [] } });
    const [kabir] = await t.database.db.select().from(users).where(eq(users.email, 'kabir@ex.in'));

    for (const admin of [admin1, admin2]) {
      const list = await notificationsFor(admin.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        instituteId: school.id,
        type: 'membership-request',
        title: 'New sign-up request',
        message: 'Kabir Rao (kabir@ex.in) asked to join as student',
        actions: ['approve', 'reject'],
        eventType: 'membership',
        eventId: `${school.id}:${kabir?.id}:student`,
        status: 'unread',
      });
    }
    expect(await notificationsFor(pendingAdmin.id)).toHaveLength(0);
    expect(await notificationsFor(elsewhere.id)).toHaveLength(0);

    const denied = await signIn(t.app, school.domain, 'kabir@ex.in', 'student', 'Secret@123');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(
      "Your account is awaiting approval from the institute's admin. You can sign in once it is approved.",
    );
  });

  it('hands requests that waited for an admin to the first admin who signs up', async () => {
    await signUp({ role: 'teacher', email: 'early@ex.in' });
    await signUp({ role: 'admin', email: 'founder@ex.in' });
    const [founder] = await t.database.db.select().from(users).where(eq(users.email, 'founder@ex.in'));
    const list = await notificationsFor(founder?.id ?? '');
    expect(list.map((n) => n.message)).toEqual(['Meera Nair (early@ex.in) asked to join as teacher']);
  });

  it.each([
    ['pending', 'parent', true],
    ['active', 'admin', false],
  ] as const)(
    'answers a known email with another password as a new one (%s), and mails its owner instead',
    async (status, role, hasAdmin) => {
      if (hasAdmin) await makeUser(t.database.db, { institute: school, roles: ['admin'] });
      const other = await makeInstitute(t.database.db);
      await makeUser(t.database.db, {
        institute: other,
        roles: ['teacher'],
        email: 'taken@ex.in',
        firstName: 'Tara',
      });
      const fresh = await signUp({ role, email: 'fresh@ex.in' });
      // A new sign-up as admin makes the first admin: the known email must meet the same state.
      if (!hasAdmin) await t.database.db.delete(memberships).where(eq(memberships.instituteId, school.id));
      const known = await signUp({
        role,
        email: 'taken@ex.in',
        password: 'Other@123',
        confirm_password: 'Other@123',
      });
      expect(known.statusCode).toBe(fresh.statusCode);
      expect(known.statusCode).toBe(201);
      const { id, _id, ...knownUser } = known.json().data.user;
      const { id: freshId, _id: freshId2, ...freshUser } = fresh.json().data.user;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(_id).toBe(id);
      expect(freshId2).toBe(freshId);
      expect({ ...known.json(), data: { ...known.json().data, user: knownUser } }).toEqual({
        ...fresh.json(),
        data: { ...fresh.json().data, status, user: { ...freshUser, email: 'taken@ex.in' } },
      });
      // Nothing changed for the known person; they get a mail that leads them to sign in.
      expect(await membershipOf('taken@ex.in')).toBeUndefined();
      expect(await membershipOf('taken@ex.in', other)).toEqual({
        roles: ['teacher'],
        requested: [],
        status: 'active',
      });
      const mail = await waitForMail(t.app, 'taken@ex.in');
      expect(mail.subject).toBe('Someone tried to sign up at Sunrise Public School with your email');
      expect(mail.text).toBe(
        [
          'Hello Tara,',
          '',
          'Someone tried to create an account at Sunrise Public School on Schooliko with this email address, which already has an account.',
          'If it was you, sign in instead:',
          '',
          `http://${school.domain}:3000/signin`,
          '',
          'Forgotten your password? Choose "Forgot Password?" on that page. If it was not you, ignore this mail: nothing was changed.',
        ].join('\n'),
      );
      await expect(waitForMail(t.app, 'fresh@ex.in', 300)).rejects.toThrow('no mail');
    },
  );

  it('adds a requested role (pending) for a known email with its password, keeping the password', async () => {
    const admin = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    const res = await signUp({
      role: 'parent',
      email: 'asha@ex.in',
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      user: { role: 'parent', roles: ['teacher'] },
    });
    expect(await membershipOf('asha@ex.in')).toEqual({
      roles: ['teacher'],
      requested: ['parent'],
      status: 'active',
    });
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher')).statusCode).toBe(200);
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'parent')).json().message).toBe(
      "Your account is awaiting approval from the institute's admin. You can sign in once it is approved.",
    );
    expect(await notificationsFor(admin.id)).toHaveLength(1);
  });

  it('joins a second institute with the same person and password', async () => {
    // Sunrise has no admin yet, so its first director is active at once (auth.director.test.ts).
    const other = await makeInstitute(t.database.db);
    await makeUser(t.database.db, { institute: other, roles: ['admin'], email: 'multi@ex.in' });
    const res = await signUp({
      role: 'director',
      email: 'multi@ex.in',
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    expect(res.json().data.status).toBe('active');
    expect(await membershipOf('multi@ex.in')).toEqual({
      roles: ['director'],
      requested: [],
      status: 'active',
    });
    expect(await membershipOf('multi@ex.in', other)).toEqual({
      roles: ['admin'],
      requested: [],
      status: 'active',
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'multi@ex.in'))).toHaveLength(1);
  });

  it('answers 409 when the person already holds the role here', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    const res = await signUp({
      role: 'teacher',
      email: 'asha@ex.in',
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You already have this role at this institute. Please sign in instead.');
  });
});

describe('approving and rejecting a sign-up (membership action handler)', () => {
  async function pendingStudent() {
    const admin = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    await signUp({ role: 'student', email: 'kabir@ex.in', first_name: 'Kabir', last_name: 'Rao' });
    const [note] = await notificationsFor(admin.id);
    if (!note?.eventId) throw new Error('no request notification');
    const [kabir] = await t.database.db.select().from(users).where(eq(users.email, 'kabir@ex.in'));
    if (!kabir) throw new Error('no applicant');
    return { admin, eventId: note.eventId, kabir };
  }

  it('approve: the role becomes active, the applicant is told and can sign in', async () => {
    const { admin, eventId, kabir } = await pendingStudent();
    expect(await act(admin.id, eventId, 'approve')).toEqual({ message: AUTH_MESSAGES.requestApproved });
    expect(await membershipOf('kabir@ex.in')).toEqual({
      roles: ['student'],
      requested: [],
      status: 'active',
    });
    const [told] = await notificationsFor(kabir.id);
    expect(told).toMatchObject({
      type: 'approval',
      title: 'Request approved',
      message: 'Your request to join Sunrise Public School as student was approved. You can sign in now.',
    });
    const res = await signIn(t.app, school.domain, 'kabir@ex.in', 'student', 'Secret@123');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.roles).toEqual(['student']);
  });

  it('reject: the membership is rejected, the applicant is told and sign-in says so', async () => {
    const { admin, eventId, kabir } = await pendingStudent();
    expect(await act(admin.id, eventId, 'reject')).toEqual({ message: AUTH_MESSAGES.requestRejected });
    expect(await membershipOf('kabir@ex.in')).toEqual({ roles: [], requested: [], status: 'rejected' });
    const [told] = await notificationsFor(kabir.id);
    expect(told).toMatchObject({
      type: 'rejection',
      message: 'Your request to join Sunrise Public School as student was declined.',
    });
    const res = await signIn(t.app, school.domain, 'kabir@ex.in', 'student', 'Secret@123');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "Your request to join this institute was declined by the institute's admin.",
    );
  });

  it('reject of an extra role keeps the roles already held', async () => {
    const admin = await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    await signUp({
      role: 'parent',
      email: 'asha@ex.in',
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    const [note] = await notificationsFor(admin.id);
    await act(admin.id, note?.eventId ?? '', 'reject');
    expect(await membershipOf('asha@ex.in')).toEqual({ roles: ['teacher'], requested: [], status: 'active' });
  });

  it('answers 409 when the request was already handled', async () => {
    const { admin, eventId } = await pendingStudent();
    await act(admin.id, eventId, 'approve');
    await expect(act(admin.id, eventId, 'reject')).rejects.toMatchObject({
      statusCode: 409,
      message: 'This request has already been handled',
    });
    expect(await membershipOf('kabir@ex.in')).toEqual({
      roles: ['student'],
      requested: [],
      status: 'active',
    });
  });

  it('lets only an active admin of the institute act', async () => {
    const { eventId } = await pendingStudent();
    const teacher = await makeUser(t.database.db, { institute: school, roles: ['teacher', 'director'] });
    await expect(act(teacher.id, eventId, 'approve')).rejects.toMatchObject({ statusCode: 403 });
    const other = await makeInstitute(t.database.db);
    const foreignAdmin = await makeUser(t.database.db, { institute: other, roles: ['admin'] });
    await expect(act(foreignAdmin.id, eventId, 'approve', other.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(act(foreignAdmin.id, eventId, 'approve')).rejects.toMatchObject({ statusCode: 403 });
    expect(await membershipOf('kabir@ex.in')).toEqual({
      roles: [],
      requested: ['student'],
      status: 'pending',
    });
  });
});
