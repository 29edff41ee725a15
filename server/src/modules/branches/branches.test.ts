import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes/institutes.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { academicYears, sections } from '../classes/classes.table';
import { groups } from '../groups/groups.table';
import { staff } from '../staff/staff.table';
import { students } from '../students/students.table';

const t = useTestApp();

describe('school lists', () => {
  it("shows the group's institutes side by side with live counts, and nothing of other groups", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const stranger = await makeSchool(t.app, 'C');
    const db = t.database.db;
    const [group] = await db
      .insert(groups)
      .values({
        name: 'Sahyadri Schools',
        code: 'GRP-SAHY01',
        type: 'school_chain',
        street: 'FC Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411004',
        createdBy: a.admin.id,
      })
      .returning();
    if (!group) throw new Error('no group');
    for (const s of [a, b])
      await db.update(institutes).set({ groupId: group.id }).where(eq(institutes.id, s.institute.id));
    t.app.institutes.clear();

    const res = await t.app.inject({ method: 'GET', url: '/api/branches', headers: a.admin.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.group).toEqual({ id: group.id, name: 'Sahyadri Schools' });
    expect(data.items.map((i: { id: string }) => i.id).sort()).toEqual(
      [a.institute.id, b.institute.id].sort(),
    );
    const mine = data.items.find((i: { is_current: boolean }) => i.is_current);
    expect(mine).toMatchObject({
      id: a.institute.id,
      students: 3,
      girls: 3,
      boys: 0,
      staff: 1,
      teachers: 1,
      sections: 3,
      classes: 2,
      seats: 82,
      guardians: 1,
      session: '2026-27',
    });
    expect(JSON.stringify(data)).not.toContain(stranger.institute.id);

    const alone = await t.app.inject({
      method: 'GET',
      url: '/api/branches',
      headers: stranger.admin.headers,
    });
    expect(alone.json().data.items.map((i: { id: string }) => i.id)).toEqual([stranger.institute.id]);
    const teacher = await t.app.inject({ method: 'GET', url: '/api/branches', headers: a.teacher.headers });
    expect(teacher.statusCode).toBe(403);
  });

  it('counts only pupils on rolls, active staff and the current session, per branch', async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const db = t.database.db;
    const [group] = await db
      .insert(groups)
      .values({
        name: 'Konkan Vidya Samooh',
        code: 'GRP-KONK01',
        type: 'school_chain',
        street: 'Station Road',
        city: 'Ratnagiri',
        state: 'Maharashtra',
        pincode: '415612',
        createdBy: a.admin.id,
      })
      .returning();
    if (!group) throw new Error('no group');
    for (const s of [a, b])
      await db.update(institutes).set({ groupId: group.id }).where(eq(institutes.id, s.institute.id));
    t.app.institutes.clear();

    // Branch B: one pupil left and one passed out, a boy admitted under RTE, a teacher who was
    // relieved, a non-teaching clerk, and last session's sections (which no longer count).
    await db.update(students).set({ status: 'left' }).where(eq(students.id, b.students.other.id));
    await db.update(students).set({ status: 'passed_out' }).where(eq(students.id, b.students.older.id));
    await db.insert(students).values({
      instituteId: b.institute.id,
      admissionNo: '2026/004',
      firstName: 'Arjun',
      lastName: 'Patil',
      dateOfBirth: '2014-02-11',
      gender: 'male',
      rte: true,
      sectionId: b.sections.eightA.id,
    });
    await db.insert(staff).values([
      {
        instituteId: b.institute.id,
        employeeCode: 'T-002',
        firstName: 'Vikas',
        lastName: 'Kulkarni',
        joiningDate: '2018-06-01',
        status: 'relieved',
      },
      {
        instituteId: b.institute.id,
        employeeCode: 'N-001',
        firstName: 'Sanjay',
        lastName: 'More',
        joiningDate: '2019-06-01',
        kind: 'non_teaching',
      },
    ]);
    const [past] = await db
      .insert(academicYears)
      .values({
        instituteId: b.institute.id,
        name: '2025-26',
        startsOn: '2025-04-01',
        endsOn: '2026-03-31',
      })
      .returning();
    if (!past) throw new Error('no past year');
    await db.insert(sections).values(
      ['A', 'B', 'C'].map((name) => ({
        instituteId: b.institute.id,
        classId: b.classes.seven.id,
        academicYearId: past.id,
        name,
        capacity: 45,
      })),
    );

    const res = await t.app.inject({ method: 'GET', url: '/api/branches', headers: b.admin.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { id: string }[];
    expect(items.find((i) => i.id === b.institute.id)).toMatchObject({
      is_current: true,
      students: 2,
      girls: 1,
      boys: 1,
      rte: 1,
      staff: 2,
      teachers: 1,
      sections: 3,
      classes: 2,
      seats: 82,
      guardians: 1,
      session: '2026-27',
    });
    expect(items.find((i) => i.id === a.institute.id)).toMatchObject({
      is_current: false,
      students: 3,
      staff: 1,
      sections: 3,
      seats: 82,
    });
  });

  it('answers null for the session and zeros for a branch with no school set up yet', async () => {
    const a = await makeSchool(t.app, 'A');
    const db = t.database.db;
    await db
      .update(academicYears)
      .set({ isCurrent: false })
      .where(eq(academicYears.instituteId, a.institute.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/branches', headers: a.admin.headers });
    expect(res.json().data).toMatchObject({
      group: null,
      items: [{ id: a.institute.id, students: 3, sections: 0, classes: 0, seats: 0, session: null }],
    });
  });
});
