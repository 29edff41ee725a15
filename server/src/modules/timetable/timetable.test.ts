import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { staff } from '../staff/staff.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  headers: Headers,
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

const SCHEDULE = [
  { label: 'Assembly', kind: 'assembly', starts_at: '07:45', ends_at: '08:00' },
  { label: 'Period 1', kind: 'lesson', starts_at: '08:00', ends_at: '08:40' },
  { label: 'Period 2', kind: 'lesson', starts_at: '08:40', ends_at: '09:20' },
  { label: 'Short break', kind: 'break', starts_at: '09:20', ends_at: '09:35' },
  { label: 'Period 3', kind: 'lesson', starts_at: '09:35', ends_at: '10:15' },
];

async function school() {
  const s = await makeSchool(t.app);
  const put = await send('PUT', s.admin.headers, '/api/timetable/bell-schedule', { periods: SCHEDULE });
  expect(put.statusCode).toBe(200);
  const subject = async (name: string, code: string, classIds: string[] = []) => {
    const res = await send('POST', s.admin.headers, '/api/subjects', { name, code, class_ids: classIds });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const maths = await subject('Mathematics', 'MATH');
  const science = await subject('Science', 'SCI', [s.classes.seven.id]);
  const [rahul] = await t.database.db
    .insert(staff)
    .values({
      instituteId: s.institute.id,
      employeeCode: 'T-002',
      firstName: 'Rahul',
      lastName: 'Kulkarni',
      joiningDate: '2021-06-01',
    })
    .returning();
  if (!rahul) throw new Error('no teacher');
  const entry = (fields: object) =>
    send('POST', s.admin.headers, '/api/timetable/entries', {
      section_id: s.sections.sevenA.id,
      day: 1,
      period: 2,
      subject_id: maths,
      teacher_id: s.teacherStaff.id,
      room: '204',
      ...fields,
    });
  return { ...s, maths, science, rahul, entry };
}

describe('the timetable', () => {
  it('keeps the bell schedule in order and lists it with its period numbers', async () => {
    const s = await school();
    const list = (await send('GET', s.teacher.headers, '/api/timetable/bell-schedule')).json().data.items;
    expect(list.map((p: { period: number; kind: string }) => [p.period, p.kind])).toEqual([
      [1, 'assembly'],
      [2, 'lesson'],
      [3, 'lesson'],
      [4, 'break'],
      [5, 'lesson'],
    ]);
    const overlapping = await send('PUT', s.admin.headers, '/api/timetable/bell-schedule', {
      periods: [SCHEDULE[1], { ...SCHEDULE[2], starts_at: '08:30' }],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().code).toBe('timetable.periodsOverlap');
  });

  it('refuses a teacher, a room or a section in two places at once, naming the clash', async () => {
    const s = await school();
    const first = await s.entry({});
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      section_label: 'VII-A',
      day: 1,
      period: 2,
      subject_name: 'Mathematics',
      teacher_name: 'Meera Joshi',
      room: '204',
    });
    const teacher = await s.entry({ section_id: s.sections.eightA.id, room: '' });
    expect(teacher.statusCode).toBe(409);
    expect(teacher.json()).toMatchObject({
      code: 'timetable.teacherClash',
      message: 'Meera Joshi already teaches VII-A in Period 1 on Monday',
      params: { teacher: 'Meera Joshi', section: 'VII-A', day: 'Monday', period: 'Period 1' },
    });
    const room = await s.entry({ section_id: s.sections.eightA.id, teacher_id: s.rahul.id });
    expect(room.statusCode).toBe(409);
    expect(room.json().message).toBe('Room 204 is taken by VII-A in Period 1 on Monday');
    const section = await s.entry({ teacher_id: s.rahul.id, room: '105', subject_id: s.science });
    expect(section.statusCode).toBe(409);
    expect(section.json().message).toBe('VII-A already has Mathematics in Period 1 on Monday');
    // Another day, another period, or another room and teacher: free.
    expect((await s.entry({ day: 2 })).statusCode).toBe(201);
    expect((await s.entry({ period: 3 })).statusCode).toBe(201);
    expect(
      (await s.entry({ section_id: s.sections.eightA.id, teacher_id: s.rahul.id, room: '' })).statusCode,
    ).toBe(201);
  });

  it('refuses breaks, unknown periods, a subject not taught in the class and a non-teacher', async () => {
    const s = await school();
    expect((await s.entry({ period: 4 })).json().code).toBe('timetable.notALesson');
    expect((await s.entry({ period: 9 })).json().code).toBe('timetable.periodNotFound');
    const science = await s.entry({ section_id: s.sections.eightA.id, subject_id: s.science });
    expect(science.statusCode).toBe(400);
    expect(science.json().code).toBe('timetable.subjectNotInClass');
    const [clerk] = await t.database.db
      .insert(staff)
      .values({
        instituteId: s.institute.id,
        employeeCode: 'N-1',
        firstName: 'Sunil',
        kind: 'non_teaching',
        joiningDate: '2020-01-01',
      })
      .returning();
    expect((await s.entry({ teacher_id: clerk?.id })).json().code).toBe('timetable.teacherNotFound');
    const other = await makeSchool(t.app, 'Other');
    expect((await s.entry({ section_id: other.sections.sevenA.id })).statusCode).toBe(404);
    const teacherAdds = await send('POST', s.teacher.headers, '/api/timetable/entries', {
      section_id: s.sections.sevenA.id,
      day: 1,
      period: 2,
      subject_id: s.maths,
      teacher_id: s.teacherStaff.id,
    });
    expect(teacherAdds.statusCode).toBe(403);
  });

  it("changes and clears entries; keeps lessons' periods in the schedule", async () => {
    const s = await school();
    const id = (await s.entry({})).json().data.id;
    await s.entry({ section_id: s.sections.eightA.id, teacher_id: s.rahul.id, room: '105' });
    const clash = await send('PATCH', s.admin.headers, `/api/timetable/entries/${id}`, {
      subject_id: s.maths,
      teacher_id: s.rahul.id,
      room: '204',
    });
    expect(clash.json().message).toBe('Rahul Kulkarni already teaches VIII-A in Period 1 on Monday');
    const changed = await send('PATCH', s.admin.headers, `/api/timetable/entries/${id}`, {
      subject_id: s.science,
      teacher_id: s.teacherStaff.id,
      room: '301',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ subject_name: 'Science', room: '301' });
    // Period 2 has lessons: it cannot become a break.
    const schedule = SCHEDULE.map((p, i) => (i === 1 ? { ...p, kind: 'break' } : p));
    const refused = await send('PUT', s.admin.headers, '/api/timetable/bell-schedule', { periods: schedule });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('timetable.scheduleInUse');
    expect((await send('DELETE', s.admin.headers, `/api/timetable/entries/${id}`)).statusCode).toBe(200);
    expect((await send('DELETE', s.admin.headers, `/api/timetable/entries/${id}`)).statusCode).toBe(404);
  });

  it("shows a section's, a teacher's and a room's week; a parent sees only their child's section", async () => {
    const s = await school();
    await s.entry({});
    await s.entry({ day: 3, period: 5, room: '' });
    await s.entry({ section_id: s.sections.eightA.id, teacher_id: s.rahul.id, room: '204', day: 2 });
    const week = async (headers: Headers, query: string) => {
      const res = await send('GET', headers, `/api/timetable?${query}`);
      return res.statusCode === 200
        ? res
            .json()
            .data.items.map(
              (e: { section_label: string; day: number; period: number }) =>
                `${e.section_label} ${e.day}/${e.period}`,
            )
        : res.statusCode;
    };
    expect(await week(s.teacher.headers, `section_id=${s.sections.sevenA.id}`)).toEqual([
      'VII-A 1/2',
      'VII-A 3/5',
    ]);
    expect(await week(s.admin.headers, `teacher_id=${s.rahul.id}`)).toEqual(['VIII-A 2/2']);
    expect(await week(s.admin.headers, 'room=204')).toEqual(['VII-A 1/2', 'VIII-A 2/2']);
    expect(await week(s.parent.headers, `section_id=${s.sections.sevenA.id}`)).toEqual([
      'VII-A 1/2',
      'VII-A 3/5',
    ]);
    expect(await week(s.parent.headers, `section_id=${s.sections.eightA.id}`)).toBe(404);
    expect(await week(s.parent.headers, `teacher_id=${s.rahul.id}`)).toBe(404);
    expect(await week(s.student.headers, `section_id=${s.sections.sevenA.id}`)).toEqual([
      'VII-A 1/2',
      'VII-A 3/5',
    ]);
    const two = await send('GET', s.admin.headers, `/api/timetable?room=204&teacher_id=${s.rahul.id}`);
    expect(two.json().code).toBe('timetable.oneView');
  });

  it('lists teaching staff for the timetable with kind=teacher', async () => {
    const s = await school();
    const res = await send('GET', s.admin.headers, '/api/staff?kind=teacher');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.items.map((x: { first_name: string }) => x.first_name)
        .sort(),
    ).toEqual(['Meera', 'Rahul']);
  });
});

describe('substitutions', () => {
  // 2026-11-30 is a Monday; 2026-11-29 a Sunday; 2026-12-01 a Tuesday.
  const MONDAY = '2026-11-30';

  async function week() {
    const s = await school();
    const [sneha] = await t.database.db
      .insert(staff)
      .values({
        instituteId: s.institute.id,
        employeeCode: 'T-003',
        firstName: 'Sneha',
        lastName: 'Patil',
        joiningDate: '2022-06-01',
      })
      .returning();
    if (!sneha) throw new Error('no teacher');
    const meeraMonday = (await s.entry({})).json().data.id as string;
    expect(
      (await s.entry({ section_id: s.sections.sevenB.id, teacher_id: s.rahul.id, room: '205' })).statusCode,
    ).toBe(201);
    expect(
      (await s.entry({ section_id: s.sections.sevenB.id, teacher_id: s.rahul.id, room: '205', period: 3 }))
        .statusCode,
    ).toBe(201);
    const substitute = (fields: object) =>
      send('POST', s.admin.headers, '/api/timetable/substitutions', {
        entry_id: meeraMonday,
        date: MONDAY,
        substitute_id: sneha.id,
        reason: 'Medical leave',
        ...fields,
      });
    const free = async (date: string, period: number) => {
      const res = await send(
        'GET',
        s.admin.headers,
        `/api/timetable/free-teachers?date=${date}&period=${period}`,
      );
      return res.statusCode === 200
        ? res
            .json()
            .data.items.map((f: { name: string; periods_that_day: number }) => [f.name, f.periods_that_day])
        : res.json().code;
    };
    return { ...s, sneha, meeraMonday, substitute, free };
  }

  it('suggests the teachers free in that period, the least busy that day first', async () => {
    const s = await week();
    expect(await s.free(MONDAY, 2)).toEqual([['Sneha Patil', 0]]);
    expect(await s.free(MONDAY, 5)).toEqual([
      ['Sneha Patil', 0],
      ['Meera Joshi', 1],
      ['Rahul Kulkarni', 2],
    ]);
    expect(await s.free('2026-11-29', 2)).toBe('timetable.notAWorkingDay');
  });

  it('arranges a free teacher once, then counts them busy in that period of that date only', async () => {
    const s = await week();
    const saved = await s.substitute({});
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({
      date: MONDAY,
      entry_id: s.meeraMonday,
      period: 2,
      section_label: 'VII-A',
      subject_name: 'Mathematics',
      room: '204',
      teacher_name: 'Meera Joshi',
      substitute_name: 'Sneha Patil',
      reason: 'Medical leave',
    });
    expect(await s.free(MONDAY, 2)).toEqual([]);
    expect(await s.free(MONDAY, 5)).toEqual([
      ['Meera Joshi', 1],
      ['Sneha Patil', 1],
      ['Rahul Kulkarni', 2],
    ]);
    expect(await s.free('2026-12-07', 2)).toEqual([['Sneha Patil', 0]]);
    const again = await s.substitute({});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'timetable.substituteTaken',
      message: 'Sneha Patil already substitutes this period on 2026-11-30',
    });
    const list = async (query: string) =>
      (await send('GET', s.teacher.headers, `/api/timetable/substitutions?${query}`))
        .json()
        .data.items.map((x: { substitute_name: string; period: number }) => [x.substitute_name, x.period]);
    expect(await list(`date=${MONDAY}`)).toEqual([['Sneha Patil', 2]]);
    expect(await list(`date=${MONDAY}&teacher_id=${s.teacherStaff.id}`)).toEqual([['Sneha Patil', 2]]);
    expect(await list(`date=${MONDAY}&teacher_id=${s.sneha.id}`)).toEqual([['Sneha Patil', 2]]);
    expect(await list(`date=${MONDAY}&teacher_id=${s.rahul.id}`)).toEqual([]);
    expect(await list('date=2026-12-07')).toEqual([]);
  });

  it('refuses a busy substitute naming the clash, a closed day, another weekday and an outsider', async () => {
    const s = await week();
    const busy = await s.substitute({ substitute_id: s.rahul.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: 'timetable.substituteBusy',
      message: 'Rahul Kulkarni is busy with VII-B in Period 1 on 2026-11-30',
      params: { teacher: 'Rahul Kulkarni', section: 'VII-B', date: '2026-11-30', period: 'Period 1' },
    });
    const sunday = await s.substitute({ date: '2026-11-29' });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().code).toBe('timetable.notAWorkingDay');
    const tuesday = await s.substitute({ date: '2026-12-01' });
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().code).toBe('timetable.wrongWeekday');
    const byTeacher = await send('POST', s.teacher.headers, '/api/timetable/substitutions', {
      entry_id: s.meeraMonday,
      date: MONDAY,
      substitute_id: s.sneha.id,
    });
    expect(byTeacher.statusCode).toBe(403);
    const other = await makeSchool(t.app, 'Other');
    const outsider = await send('POST', other.admin.headers, '/api/timetable/substitutions', {
      entry_id: s.meeraMonday,
      date: MONDAY,
      substitute_id: other.teacherStaff.id,
    });
    expect(outsider.statusCode).toBe(404);
    const none = await send('GET', s.admin.headers, `/api/timetable/substitutions?date=${MONDAY}`);
    expect(none.json().data.items).toEqual([]);
  });
});
