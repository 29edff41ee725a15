import { describe, expect, it } from 'vitest';
import { notifications } from '../../platform/notifications/notifications.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { staff } from '../staff/staff.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const SCHEDULE = [
  { label: 'Assembly', kind: 'assembly', starts_at: '07:45', ends_at: '08:00' },
  { label: 'Period 1', kind: 'lesson', starts_at: '08:00', ends_at: '08:40' },
  { label: 'Period 2', kind: 'lesson', starts_at: '08:40', ends_at: '09:20' },
  { label: 'Short break', kind: 'break', starts_at: '09:20', ends_at: '09:35' },
  { label: 'Period 3', kind: 'lesson', starts_at: '09:35', ends_at: '10:15' },
];
// 2026-11-23 and 2026-11-30 are Mondays (weekday 1); 2026-11-09 a Monday closed for Diwali.
const MONDAY = '2026-11-23';
const NEXT_MONDAY = '2026-11-30';

/**
 * Meera (the signed-in teacher) leads VII-A and teaches Mathematics in VII-A (period 2) and VII-B
 * (period 3) on Mondays; Rahul teaches Mathematics in VIII-A in period 5. On MONDAY Rahul takes
 * Meera's VII-B period and Meera covers Rahul's VIII-A period.
 */
async function school(name = 'Test') {
  const s = await makeSchool(t.app, name);
  const ok = async (res: Awaited<ReturnType<typeof send>>, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data;
  };
  await ok(await send('PUT', s.admin.headers, '/api/timetable/bell-schedule', { periods: SCHEDULE }), 200);
  const subject = async (subjectName: string, code: string, classIds: string[] = []) =>
    (
      await ok(
        await send('POST', s.admin.headers, '/api/subjects', {
          name: subjectName,
          code,
          class_ids: classIds,
        }),
      )
    ).id as string;
  const maths = await subject('Mathematics', 'MATH');
  await subject('Science', 'SCI', [s.classes.seven.id]);
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
  const entry = async (section_id: string, period: number, teacher_id: string) =>
    (
      await ok(
        await send('POST', s.admin.headers, '/api/timetable/entries', {
          section_id,
          day: 1,
          period,
          subject_id: maths,
          teacher_id,
          room: '',
        }),
      )
    ).id as string;
  await entry(s.sections.sevenA.id, 2, s.teacherStaff.id);
  const sevenB = await entry(s.sections.sevenB.id, 3, s.teacherStaff.id);
  const eightA = await entry(s.sections.eightA.id, 5, rahul.id);
  const substitute = (entry_id: string, substitute_id: string) =>
    send('POST', s.admin.headers, '/api/timetable/substitutions', { entry_id, date: MONDAY, substitute_id });
  await ok(await substitute(sevenB, rahul.id));
  await ok(await substitute(eightA, s.teacherStaff.id));
  const event = (title: string, kind: string, from: string, audience = 'all') =>
    send('POST', s.admin.headers, '/api/calendar/events', {
      title: `${name} ${title}`,
      kind,
      starts_on: from,
      ends_on: from,
      audience,
    });
  await ok(await event('Diwali', 'holiday', '2026-11-09'));
  await ok(await event('Staff meeting', 'event', '2026-11-25', 'staff'));
  await ok(await event('Unit test', 'exam', '2026-11-27', 'students'));
  await ok(await event('PTM', 'ptm', '2026-11-28', 'parents'));
  await ok(await event('Annual day', 'event', '2026-12-06'));
  await ok(await event('Science fair', 'event', '2026-12-07'));
  return { ...s, rahul };
}

const home = async (headers: Headers, date: string) => {
  const res = await send('GET', headers, `/api/dashboard/home?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const lessons = (periods: { period: number; section_label: string | null; covers: string | null }[]) =>
  periods.map((p) => [p.period, p.section_label, p.covers]);
const titles = (events: { title: string }[]) => events.map((e) => e.title);

describe('the teacher, student and parent dashboards', () => {
  it("gives a teacher their classes and the day's lessons, substitutions moving periods", async () => {
    const s = await school();
    const monday = await home(s.teacher.headers, MONDAY);
    expect(monday.role).toBe('teacher');
    expect(monday.day).toEqual({ date: MONDAY, state: 'working', holiday: null });
    expect(monday.my_classes).toEqual([
      {
        section_id: s.sections.sevenA.id,
        label: 'VII-A',
        class_teacher: true,
        subjects: ['Mathematics'],
        pupils: 1,
      },
      {
        section_id: s.sections.sevenB.id,
        label: 'VII-B',
        class_teacher: false,
        subjects: ['Mathematics'],
        pupils: 1,
      },
    ]);
    // VII-B's period went to Rahul; Meera covers his VIII-A period instead.
    expect(lessons(monday.today_schedule)).toEqual([
      [2, 'VII-A', null],
      [5, 'VIII-A', 'Rahul Kulkarni'],
    ]);
    expect(monday.today_schedule[1]).toMatchObject({
      label: 'Period 3',
      starts_at: '09:35',
      substitute: true,
    });
    const next = await home(s.teacher.headers, NEXT_MONDAY);
    expect(lessons(next.today_schedule)).toEqual([
      [2, 'VII-A', null],
      [3, 'VII-B', null],
    ]);
    // Events of the next 14 days meant for staff: not the students' or parents', not 7 December's.
    expect(titles(monday.upcoming_events)).toEqual(['Test Staff meeting', 'Test Annual day']);
    expect(monday.children).toBeUndefined();
    // The teacher leads VII-A: its attendance is still to take; no homework set, no exam open.
    expect(monday.attendance_to_take).toEqual([
      { section_id: s.sections.sevenA.id, label: 'VII-A', marked: false },
    ]);
    expect(monday.active_assignments).toEqual({ count: 0, items: [] });
    expect(monday.pending_grades).toEqual({ count: 0, items: [] });
  });

  it('names the holiday and gives no lessons on it, nor on the weekly off', async () => {
    const s = await school();
    for (const headers of [s.teacher.headers, s.student.headers]) {
      const diwali = await home(headers, '2026-11-09');
      expect(diwali.day).toEqual({ date: '2026-11-09', state: 'holiday', holiday: 'Test Diwali' });
      expect(diwali.today_schedule).toEqual([]);
      const sunday = await home(headers, '2026-11-22');
      expect(sunday.day.state).toBe('weeklyOff');
      expect(sunday.today_schedule).toEqual([]);
    }
  });

  it("gives a student their section's subjects, with teachers, and its whole day", async () => {
    const s = await school();
    const monday = await home(s.student.headers, MONDAY);
    expect(monday.section_label).toBe('VII-A');
    expect(monday.my_subjects).toEqual([
      { subject_id: expect.any(String), name: 'Mathematics', teachers: ['Meera Joshi'] },
      { subject_id: expect.any(String), name: 'Science', teachers: [] },
    ]);
    expect(
      monday.today_schedule.map(
        (p: { kind: string; subject_name: string | null; teacher_name: string | null }) => [
          p.kind,
          p.subject_name,
          p.teacher_name,
        ],
      ),
    ).toEqual([
      ['assembly', null, null],
      ['lesson', 'Mathematics', 'Meera Joshi'],
      ['lesson', null, null],
      ['break', null, null],
      ['lesson', null, null],
    ]);
    expect(titles(monday.upcoming_events)).toEqual(['Test Unit test', 'Test Annual day']);
    expect(monday.my_classes).toBeUndefined();
    expect(monday.pending_assignments).toEqual({ count: 0, items: [] });
    expect(monday.current_grade).toBeNull();
  });

  it('gives a parent only their children, their unread count and notifications', async () => {
    const s = await school();
    const other = await school('Other');
    await t.database.db.insert(notifications).values([
      {
        instituteId: s.institute.id,
        recipientId: s.parent.id,
        type: 'info',
        title: 'Read',
        message: 'a',
        status: 'read',
      },
      {
        instituteId: s.institute.id,
        recipientId: s.parent.id,
        type: 'approval',
        title: 'Welcome',
        message: 'b',
      },
      {
        instituteId: s.institute.id,
        recipientId: s.teacher.id,
        type: 'info',
        title: 'Not yours',
        message: 'c',
      },
      {
        instituteId: other.institute.id,
        recipientId: other.parent.id,
        type: 'info',
        title: 'Other',
        message: 'd',
      },
    ]);
    const monday = await home(s.parent.headers, MONDAY);
    expect(monday.children).toEqual([
      {
        id: s.students.child.id,
        name: 'Ananya Deshpande',
        admission_no: '2026/001',
        section_label: 'VII-A',
        roll_no: '',
        photo_url: '',
        // Nothing marked and no result published for her yet.
        attendance_percent: null,
        current_grade: null,
      },
    ]);
    expect(monday.unread_messages).toBe(1);
    expect(
      monday.recent_notifications.map((n: { title: string; unread: boolean; category: string }) => [
        n.title,
        n.unread,
        n.category,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Welcome', true, 'notice'],
        ['Read', false, 'notice'],
      ]),
    );
    expect(monday.recent_notifications).toHaveLength(2);
    expect(titles(monday.upcoming_events)).toEqual(['Test PTM', 'Test Annual day']);
    expect(monday.today_schedule).toBeUndefined();
  });

  it("never shows another institute's sections, lessons or events", async () => {
    await school('Other');
    const s = await school();
    const monday = await home(s.teacher.headers, MONDAY);
    expect(monday.my_classes.map((c: { label: string }) => c.label)).toEqual(['VII-A', 'VII-B']);
    expect(titles(monday.upcoming_events).some((title) => title.startsWith('Other'))).toBe(false);
    const student = await home(s.student.headers, MONDAY);
    expect(student.my_subjects).toHaveLength(2);
    // A token of this school at another school's address is refused.
    const res = await send('GET', { ...s.teacher.headers, host: 'other.example.com' }, '/api/dashboard/home');
    expect(res.statusCode).not.toBe(200);
  });

  it('answers for today in India without a date, and refuses a date that is not one', async () => {
    const s = await school();
    const today = await send('GET', s.teacher.headers, '/api/dashboard/home');
    expect(today.json().data.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    );
    expect((await send('GET', s.teacher.headers, '/api/dashboard/home?date=2026-02-30')).statusCode).toBe(
      400,
    );
  });
});
