import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { useTestApp } from '../../testing/test-app';
import { students } from '../students/students.table';
import { classesKit } from './classes.testing';

const t = useTestApp();

const { member, send, addYear, addClass, addStaff, school } = classesKit(() => t);

describe('sections', () => {
  async function setup() {
    const s = await school();
    const year = await addYear(s.admin.headers, '2026-27');
    const vii = await addClass(s.admin.headers, 'VII', 9);
    const vi = await addClass(s.admin.headers, 'VI', 8);
    return { ...s, year, vii, vi };
  }

  it('adds sections in the current year and lists them with class teacher, capacity and roll count', async () => {
    const { school: s, admin, year, vii, vi } = await setup();
    const priya = await addStaff(s, 'Priya');
    const b = await send('POST', admin.headers, '/api/sections', {
      class_id: vii.id,
      name: 'B',
      class_teacher_id: priya.id,
      capacity: 35,
      room: '204',
    });
    expect(b.statusCode).toBe(201);
    expect(b.json().data).toEqual({
      id: expect.any(String),
      class_id: vii.id,
      class_name: 'VII',
      academic_year_id: year.id,
      name: 'B',
      label: 'VII-B',
      class_teacher_id: priya.id,
      class_teacher_name: 'Priya Joshi',
      capacity: 35,
      room: '204',
      students: 0,
      teachers: [],
    });
    const a = (await send('POST', admin.headers, '/api/sections', { class_id: vii.id, name: 'A' })).json()
      .data;
    await send('POST', admin.headers, '/api/sections', { class_id: vi.id, name: 'A' });
    const sectionB = b.json().data.id;
    await t.database.db.insert(students).values(
      (['enrolled', 'promoted', 'detained', 'left', 'passed_out'] as const).map((status, i) => ({
        instituteId: s.id,
        admissionNo: `A-${i}`,
        firstName: 'Pupil',
        dateOfBirth: '2014-01-01',
        gender: 'female' as const,
        status,
        sectionId: sectionB,
      })),
    );

    const list = (await send('GET', admin.headers, '/api/sections')).json().data.items;
    expect(list.map((x: { label: string }) => x.label)).toEqual(['VI-A', 'VII-A', 'VII-B']);
    expect(list[2]).toMatchObject({
      label: 'VII-B',
      students: 3,
      capacity: 35,
      class_teacher_name: 'Priya Joshi',
    });
    expect(list[1]).toMatchObject({ id: a.id, students: 0, capacity: 40, class_teacher_id: null, room: '' });
    const ofVii = (await send('GET', admin.headers, `/api/sections?class_id=${vii.id}`)).json().data.items;
    expect(ofVii.map((x: { label: string }) => x.label)).toEqual(['VII-A', 'VII-B']);

    const dup = await send('POST', admin.headers, '/api/sections', { class_id: vii.id, name: 'b' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({
      name: 'This class already has a section with this name in this year',
    });
  });

  it('defaults to the current year, and follows a switch', async () => {
    const { admin, year, vii } = await setup();
    const next = await addYear(admin.headers, '2027-28');
    await send('POST', admin.headers, '/api/sections', { class_id: vii.id, name: 'A' });
    await send('POST', admin.headers, '/api/sections', {
      class_id: vii.id,
      name: 'A',
      academic_year_id: next.id,
    });
    await send('POST', admin.headers, '/api/sections', {
      class_id: vii.id,
      name: 'B',
      academic_year_id: next.id,
    });
    const years = async (url: string) =>
      (await send('GET', admin.headers, url))
        .json()
        .data.items.map((x: { academic_year_id: string }) =>
          x.academic_year_id === year.id ? 'this' : 'next',
        );
    expect(await years('/api/sections')).toEqual(['this']);
    expect(await years(`/api/sections?academic_year_id=${next.id}`)).toEqual(['next', 'next']);
    await send('POST', admin.headers, `/api/academic-years/${next.id}/current`);
    expect(await years('/api/sections')).toEqual(['next', 'next']);
  });

  it('refuses a class, year or class teacher that is not this institute’s (or not active)', async () => {
    const { school: s, admin, vii } = await setup();
    const other = await school();
    const theirClass = await addClass(other.admin.headers, 'VII', 9);
    const theirs = await addStaff(other.school, 'Other');
    const gone = await addStaff(s, 'Gone', { status: 'relieved', relievedOn: '2025-03-31' });
    const noClass = await send('POST', admin.headers, '/api/sections', {
      class_id: theirClass.id,
      name: 'A',
    });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().errors).toEqual({ class_id: 'Class not found' });
    const otherYear = await addYear(other.admin.headers, '2026-27');
    const noYear = await send('POST', admin.headers, '/api/sections', {
      class_id: vii.id,
      name: 'A',
      academic_year_id: otherYear.id,
    });
    expect(noYear.json().errors).toEqual({ academic_year_id: 'Academic year not found' });
    for (const teacher of [theirs, gone]) {
      const res = await send('POST', admin.headers, '/api/sections', {
        class_id: vii.id,
        name: 'A',
        class_teacher_id: teacher.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ class_teacher_id: 'Teacher not found' });
    }
  });

  it('changes a section (only what was sent), audited as section; 404 for another institute', async () => {
    const { school: s, admin, vii } = await setup();
    const priya = await addStaff(s, 'Priya');
    const made = (
      await send('POST', admin.headers, '/api/sections', {
        class_id: vii.id,
        name: 'A',
        capacity: 30,
        room: '101',
      })
    ).json().data;
    const res = await send('PATCH', admin.headers, `/api/sections/${made.id}`, {
      class_teacher_id: priya.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Section saved',
      data: { capacity: 30, room: '101', name: 'A', class_teacher_name: 'Priya Joshi' },
    });
    const res2 = await send('PATCH', admin.headers, `/api/sections/${made.id}`, { capacity: 45, room: '' });
    expect(res2.json().data).toMatchObject({ capacity: 45, room: '', class_teacher_id: priya.id });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'section'), eq(auditLog.entityId, made.id), eq(auditLog.action, 'update')),
      );
    expect(audit.map((r) => r.after).sort((x, y) => Object.keys(x).length - Object.keys(y).length)).toEqual([
      { classTeacherId: priya.id },
      { capacity: 45, room: '' },
    ]);
    const other = await school();
    expect(
      (await send('PATCH', other.admin.headers, `/api/sections/${made.id}`, { room: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await send('PUT', other.admin.headers, `/api/sections/${made.id}/teachers`, { teachers: [] }))
        .statusCode,
    ).toBe(404);
  });

  it("replaces the section's teachers; each must be active staff of this institute", async () => {
    const { school: s, admin, vii } = await setup();
    const anil = await addStaff(s, 'Anil');
    const meera = await addStaff(s, 'Meera');
    const gone = await addStaff(s, 'Gone', { status: 'relieved', relievedOn: '2025-03-31' });
    const theirs = await addStaff((await school()).school, 'Other');
    const section = (
      await send('POST', admin.headers, '/api/sections', { class_id: vii.id, name: 'A' })
    ).json().data;
    const url = `/api/sections/${section.id}/teachers`;

    const res = await send('PUT', admin.headers, url, {
      teachers: [
        { staff_id: meera.id, subject: 'Science' },
        { staff_id: anil.id, subject: 'Mathematics' },
        { staff_id: anil.id, subject: 'Mathematics' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teachers).toEqual([
      { staff_id: anil.id, name: 'Anil Joshi', subject: 'Mathematics' },
      { staff_id: meera.id, name: 'Meera Joshi', subject: 'Science' },
    ]);

    for (const bad of [gone, theirs]) {
      const refused = await send('PUT', admin.headers, url, {
        teachers: [{ staff_id: bad.id, subject: 'Art' }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Choose teachers from the active staff of this school',
        code: 'classes.teachersNotActive',
        errors: { teachers: 'Choose teachers from the active staff of this school' },
        codes: { teachers: { code: 'classes.teachersNotActive' } },
      });
    }
    const replaced = await send('PUT', admin.headers, url, {
      teachers: [{ staff_id: meera.id, subject: 'English' }],
    });
    expect(replaced.json().data.teachers).toEqual([
      { staff_id: meera.id, name: 'Meera Joshi', subject: 'English' },
    ]);
    const cleared = await send('PUT', admin.headers, url, { teachers: [] });
    expect(cleared.json().data.teachers).toEqual([]);
  });

  it('mine=true: only the sections a teacher leads or teaches in', async () => {
    const { school: s, admin, vii, vi } = await setup();
    const teacher = await member(s, 'teacher');
    const me = await addStaff(s, 'Kavita', { userId: teacher.user.id });
    const colleague = await addStaff(s, 'Anil');
    const make = async (class_id: string, name: string, class_teacher_id: string | null) =>
      (await send('POST', admin.headers, '/api/sections', { class_id, name, class_teacher_id })).json().data
        .id as string;
    await make(vii.id, 'A', me.id);
    const viiB = await make(vii.id, 'B', colleague.id);
    await make(vi.id, 'A', colleague.id);
    await send('PUT', admin.headers, `/api/sections/${viiB}/teachers`, {
      teachers: [{ staff_id: me.id, subject: 'Hindi' }],
    });

    const mine = (await send('GET', teacher.headers, '/api/sections?mine=true')).json().data.items;
    expect(mine.map((x: { label: string }) => x.label)).toEqual(['VII-A', 'VII-B']);
    const all = (await send('GET', teacher.headers, '/api/sections')).json().data.items;
    expect(all).toHaveLength(3);
    // An admin with no staff record leads nothing.
    expect((await send('GET', admin.headers, '/api/sections?mine=true')).json().data.items).toEqual([]);
    // A teacher may read sections but not change them; parents may not read them.
    expect((await send('PATCH', teacher.headers, `/api/sections/${viiB}`, { room: '1' })).statusCode).toBe(
      403,
    );
    expect((await send('GET', (await member(s, 'parent')).headers, '/api/sections')).statusCode).toBe(403);
  });
});
