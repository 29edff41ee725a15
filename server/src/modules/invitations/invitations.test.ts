import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { memberships, users } from '../../platform/auth/auth.table';
import { signIn, TEST_PASSWORD, waitForMail } from '../../platform/auth/auth.testing';
import { makeUser } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { guardians, studentGuardians } from '../guardians/guardians.table';
import { staff } from '../staff/staff.table';

const t = useTestApp();

type School = Awaited<ReturnType<typeof makeSchool>>;

const invite = (s: School, kind: string, payload: object, headers = s.admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/${kind}/invitations`, headers, payload });

async function newGuardian(s: School, name: string, email: string) {
  const [g] = await t.database.db
    .insert(guardians)
    .values({ instituteId: s.institute.id, name, phone: '9822099999', email })
    .returning();
  if (!g) throw new Error('guardian not made');
  return g;
}

/** The link of the newest mail to `to`, opened: its path and token. */
async function linkIn(to: string) {
  const mail = await waitForMail(t.app, to);
  const url = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  return { mail, url: new URL(url) };
}

describe('inviting records to sign in', () => {
  it('makes an account, mails a set-password link, and the parent then sees their child', async () => {
    const s = await makeSchool(t.app);
    const g = await newGuardian(s, 'Ravi Shaikh', 'Ravi.Shaikh@example.com');
    await t.database.db.insert(studentGuardians).values({
      instituteId: s.institute.id,
      studentId: s.students.other.id,
      guardianId: g.id,
      relation: 'father',
    });

    const res = await invite(s, 'guardians', { ids: [g.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Invitations sent',
      data: { invited: [{ id: g.id, name: 'Ravi Shaikh', email: 'ravi.shaikh@example.com' }], skipped: [] },
    });
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ravi.shaikh@example.com'));
    expect(account).toMatchObject({ firstName: 'Ravi', lastName: 'Shaikh', passwordHash: '' });
    const [member] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.instituteId, s.institute.id), eq(memberships.userId, account?.id ?? '')));
    expect(member).toMatchObject({ roles: ['parent'], status: 'active' });
    const [history] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, g.id));
    expect(history).toMatchObject({
      action: 'invite',
      after: { user_id: account?.id, email: 'ravi.shaikh@example.com' },
    });

    // Until a password is chosen, nothing signs in with the account.
    expect(
      (await signIn(t.app, s.institute.domain, 'ravi.shaikh@example.com', 'parent', '')).statusCode,
    ).not.toBe(200);
    const { mail, url } = await linkIn('ravi.shaikh@example.com');
    expect(mail.subject).toBe(`Your ${s.institute.name} sign-in`);
    expect(mail.text).toContain('invites you to Schooliko as a parent');
    expect(url.pathname).toBe('/reset-password');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { host: s.institute.domain },
      payload: {
        token: url.searchParams.get('token'),
        password: TEST_PASSWORD,
        confirm_password: TEST_PASSWORD,
      },
    });
    expect(set.statusCode).toBe(200);
    const session = await signIn(t.app, s.institute.domain, 'ravi.shaikh@example.com', 'parent');
    expect(session.statusCode).toBe(200);
    const children = await t.app.inject({
      method: 'GET',
      url: '/api/students',
      headers: {
        host: s.institute.domain,
        authorization: `Bearer ${session.json().data.tokens.accessToken}`,
      },
    });
    expect(children.json().data.items.map((c: { full_name: string }) => c.full_name)).toEqual([
      'Kabir Shaikh',
    ]);
  });

  it('gives an existing account the role here and mails a sign-in note, not a password link', async () => {
    const s = await makeSchool(t.app);
    const other = await makeSchool(t.app, 'Other');
    const known = await makeUser(t.database.db, {
      institute: other.institute,
      roles: ['teacher'],
      email: 'asha@example.com',
    });
    const [member] = await t.database.db
      .insert(staff)
      .values({
        instituteId: s.institute.id,
        employeeCode: 'T-009',
        firstName: 'Asha',
        lastName: 'Kulkarni',
        email: 'asha@example.com',
        joiningDate: '2024-06-01',
      })
      .returning();
    const res = await invite(s, 'staff', { ids: [member?.id] });
    expect(res.json().data.invited).toHaveLength(1);
    const { mail, url } = await linkIn('asha@example.com');
    expect(mail.text).toContain('You already have a Schooliko account');
    expect(url.pathname).toBe('/signin');
    expect((await signIn(t.app, s.institute.domain, 'asha@example.com', 'teacher')).statusCode).toBe(200);
    const [again] = await t.database.db.select().from(users).where(eq(users.id, known.id));
    expect(again?.passwordHash).toBe(known.passwordHash);
  });

  it('skips, with the reason, a record already signing in, one without an email and one not current', async () => {
    const s = await makeSchool(t.app);
    const noEmail = await newGuardian(s, 'Farah Khan', '');
    const res = await invite(s, 'guardians', { ids: [s.guardian.id, noEmail.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      invited: [],
      skipped: [
        {
          id: s.guardian.id,
          name: 'Sunita Deshpande',
          message: 'Already invited or signing in',
          code: 'invitations.alreadyInvited',
        },
        {
          id: noEmail.id,
          name: 'Farah Khan',
          message: 'Add an email address to this record first',
          code: 'invitations.noEmail',
        },
      ],
    });
    await t.database.db
      .update(staff)
      .set({ status: 'relieved', relievedOn: '2026-01-01', email: 'gone@example.com', userId: null });
    const relieved = await invite(s, 'staff', { ids: [s.teacherStaff.id] });
    expect(relieved.json().data.skipped[0]).toMatchObject({ code: 'invitations.notCurrent' });
  });

  it('invites a student by an email given for them, one at a time', async () => {
    const s = await makeSchool(t.app);
    const both = await invite(s, 'students', {
      ids: [s.students.other.id, s.students.older.id],
      email: 'kabir@example.com',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().codes).toEqual({ email: { code: 'invitations.emailForOne' } });
    const none = await invite(s, 'students', { ids: [s.students.other.id] });
    expect(none.json().data.skipped[0]).toMatchObject({ code: 'invitations.noEmail' });
    const one = await invite(s, 'students', { ids: [s.students.other.id], email: 'kabir@example.com' });
    expect(one.json().data.invited).toEqual([
      { id: s.students.other.id, name: 'Kabir Shaikh', email: 'kabir@example.com' },
    ]);
    expect((await linkIn('kabir@example.com')).mail.text).toContain('as a student');
  });

  it("answers another institute's record as not found, and refuses a teacher", async () => {
    const s = await makeSchool(t.app);
    const other = await makeSchool(t.app, 'Other');
    const g = await newGuardian(other, 'Leela Nair', 'leela@example.com');
    const res = await invite(s, 'guardians', { ids: [g.id] });
    expect(res.json().data.skipped).toEqual([
      { id: g.id, name: '', message: 'Record not found', code: 'invitations.notFound' },
    ]);
    const [untouched] = await t.database.db.select().from(guardians).where(eq(guardians.id, g.id));
    expect(untouched?.userId).toBeNull();
    expect((await invite(s, 'guardians', { ids: [g.id] }, s.teacher.headers)).statusCode).toBe(403);
  });
});
