import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../platform/auth/auth.table';
import { makeInstitute, makeUser } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { groupJoinRequests } from '../group-requests/group-requests.table';
import { createGroupAs, person } from '../groups/groups.testing';
import { guardians, studentGuardians } from '../guardians/guardians.table';
import { staff } from '../staff/staff.table';
import { students } from '../students/students.table';

const t = useTestApp();

const db = () => t.database.db;

async function setTimes(userId: string, instituteId: string, created: string, updated = created) {
  await db()
    .update(memberships)
    .set({ createdAt: new Date(created), updatedAt: new Date(updated) })
    .where(and(eq(memberships.userId, userId), eq(memberships.instituteId, instituteId)));
}

describe('GET /api/dashboard/admin', () => {
  it('answers live figures of the admin institute only', async () => {
    const admin = await person(t.app, db(), 'admin');
    const at = admin.institute;
    const teacher = await makeUser(db(), {
      institute: at,
      roles: ['teacher', 'parent'],
      firstName: 'Priya',
      lastName: 'D',
    });
    const student = await makeUser(db(), { institute: at, roles: ['student'] });
    const waiting = await makeUser(db(), {
      institute: at,
      roles: [],
      status: 'pending',
      firstName: 'Wait',
      lastName: 'Ing',
    });
    await db()
      .update(memberships)
      .set({ requestedRoles: ['teacher', 'parent'] })
      .where(eq(memberships.userId, waiting.id));
    const rejected = await makeUser(db(), {
      institute: at,
      roles: [],
      status: 'rejected',
      firstName: 'No',
      lastName: 'Pe',
    });
    // Another institute's people do not count here.
    const elsewhere = await makeInstitute(db());
    await makeUser(db(), { institute: elsewhere, roles: ['teacher'] });

    await setTimes(admin.user.id, at.id, '2025-06-01T09:00:00Z');
    await setTimes(student.id, at.id, '2025-05-01T09:00:00Z');
    await setTimes(teacher.id, at.id, '2025-06-02T09:00:00Z', '2025-06-03T09:00:00Z');
    await setTimes(waiting.id, at.id, '2025-06-04T09:00:00Z');
    await setTimes(rejected.id, at.id, '2025-06-01T10:00:00Z', '2025-06-05T09:00:00Z');

    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.institute.institute_id).toBe(at.id);
    expect(data.members).toEqual({ admin: 1, director: 0, teacher: 1, student: 1, parent: 1, total: 3 });
    expect(data.pending_requests).toBe(2);
    expect(data.group).toBeNull();

    const kinds = data.recent_activity.map(
      (a: { kind: string; actor_name: string }) => `${a.kind} ${a.actor_name}`,
    );
    expect(kinds.slice(0, 5)).toEqual([
      'member-rejected No Pe',
      'member-signed-up Wait Ing',
      'member-approved Priya D',
      'member-signed-up Priya D',
      'member-signed-up No Pe',
    ]);
    const waitingEvent = data.recent_activity.find(
      (a: { actor_name: string }) => a.actor_name === 'Wait Ing',
    );
    expect(waitingEvent).toMatchObject({ roles: ['teacher', 'parent'], at: '2025-06-04T09:00:00.000Z' });
    expect(data.recent_activity.length).toBeLessThanOrEqual(10);
  });

  it("lists the school's own work in Recent Activity: a pupil admitted and a fee received, by whom (issue 32)", async () => {
    const school = await makeSchool(t.app);
    const admitted = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: school.admin.headers,
      payload: {
        admission_no: '2026/077',
        first_name: 'Ishaan',
        last_name: 'Kulkarni',
        date_of_birth: '2014-01-02',
        gender: 'male',
        section_id: school.sections.sevenA.id,
      },
    });
    expect(admitted.statusCode, admitted.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/fees/payments',
      headers: school.admin.headers,
      payload: { student_id: school.students.child.id, amount_paise: 150000, mode: 'cash', reference: '' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/admin',
      headers: school.admin.headers,
    });
    const work = res
      .json()
      .data.recent_activity.filter(
        (a: { kind: string }) => a.kind === 'pupil-admitted' || a.kind === 'fee-received',
      )
      .map((a: { kind: string; actor_name: string; subject: string; amount_paise: number | null }) => [
        a.kind,
        a.actor_name,
        a.subject,
        a.amount_paise,
      ]);
    const admin = expect.stringMatching(/^Test admin/);
    expect(work).toEqual([
      ['fee-received', admin, 'Ananya Deshpande', 150000],
      ['pupil-admitted', admin, 'Ishaan Kulkarni', null],
    ]);
  });

  it("counts the school's records, not its sign-in accounts (issue 32)", async () => {
    // Three pupils on the rolls, their class teacher, and one mother who signs in; four accounts.
    const school = await makeSchool(t.app);
    const at = school.institute.id;
    // A pupil who left, with a father on record for them alone: neither counts any more. A relieved
    // teacher and a clerk are not teaching staff; a mother of two counts once.
    await db().update(students).set({ status: 'left' }).where(eq(students.id, school.students.other.id));
    const [father, aunt] = await db()
      .insert(guardians)
      .values([
        { instituteId: at, name: 'Imran Shaikh', phone: '9822000001' },
        { instituteId: at, name: 'Kavita Iyer', phone: '9822000002' },
      ])
      .returning();
    if (!father || !aunt) throw new Error('guardians not made');
    await db()
      .insert(studentGuardians)
      .values([
        { instituteId: at, studentId: school.students.other.id, guardianId: father.id, relation: 'father' },
        { instituteId: at, studentId: school.students.older.id, guardianId: aunt.id, relation: 'other' },
        {
          instituteId: at,
          studentId: school.students.older.id,
          guardianId: school.guardian.id,
          relation: 'mother',
        },
      ]);
    await db()
      .insert(staff)
      .values([
        {
          instituteId: at,
          employeeCode: 'T-009',
          firstName: 'Vikas',
          lastName: 'Kulkarni',
          joiningDate: '2018-06-01',
          status: 'relieved',
        },
        {
          instituteId: at,
          employeeCode: 'N-001',
          firstName: 'Sanjay',
          lastName: 'More',
          joiningDate: '2019-06-01',
          kind: 'non_teaching',
        },
      ]);
    // Another institute's records do not count here.
    await makeSchool(t.app, 'Other');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/admin',
      headers: school.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.school).toEqual({ students: 2, teachers: 1, guardians: 2 });
    expect(data.members).toMatchObject({ student: 1, teacher: 1, parent: 1, total: 4 });
    // School lists reads the same figures.
    const lists = await t.app.inject({ method: 'GET', url: '/api/branches', headers: school.admin.headers });
    expect(lists.json().data.items[0]).toMatchObject({ students: 2, teachers: 1, guardians: 2 });
  });

  it('names the group with its size and shows group events', async () => {
    const admin = await person(t.app, db(), 'admin');
    const director = await person(t.app, db(), 'director', admin.institute);
    const groupId = await createGroupAs(t.app, director, { group_name: 'Sunrise Schools' });
    await makeInstitute(db(), { groupId });
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: admin.headers });
    const data = res.json().data;
    expect(data.group).toMatchObject({
      group_id: groupId,
      group_name: 'Sunrise Schools',
      group_type: 'school_chain',
      total_institutes: 2,
    });
    expect(data.recent_activity[0]).toMatchObject({ kind: 'group-created', group_name: 'Sunrise Schools' });

    const other = await person(t.app, db());
    const otherGroup = await createGroupAs(t.app, other, { group_name: 'Other Chain' });
    await t.app.inject({
      method: 'POST',
      url: '/api/group-requests',
      headers: director.headers,
      payload: { event_type: 'join-request', group_id: otherGroup },
    });
    const [request] = await db().select().from(groupJoinRequests);
    await t.app.inject({
      method: 'POST',
      url: '/api/group-requests',
      headers: other.headers,
      payload: { event_type: 'reject-request', request_id: request?.id },
    });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: admin.headers })
    ).json().data;
    const kinds = after.recent_activity.map((a: { kind: string }) => a.kind);
    expect(kinds).toContain('group-join-requested');
    expect(kinds).toContain('group-join-rejected');
    expect(
      after.recent_activity.find((a: { kind: string }) => a.kind === 'group-join-rejected').group_name,
    ).toBe('Other Chain');
  });

  it('is for admins only', async () => {
    for (const role of ['director', 'teacher'] as const) {
      const who = await person(t.app, db(), role);
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
    const anon = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/admin',
      headers: { host: 'localhost' },
    });
    expect(anon.statusCode).toBe(401);
  });
});
