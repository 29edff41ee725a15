import { weekdayOf } from '@schooliko/common/academics/calendar';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { auditLog } from '../../platform/audit/audit.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { pdfText } from '../fees/pdf-text.testing';
import { guardians } from '../guardians/guardians.table';
import { students } from '../students/students.table';
import { attendancePercentOf, attendanceToday, attendanceToTake } from './attendance.dashboard';
import { attendanceMarks } from './attendance.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const today = todayInIndia();
const shift = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 864e5).toISOString().slice(0, 10);
// The weekly off is a day other than today, so that today is always a working day.
const OFF = weekdayOf(today) === 7 ? 6 : 7;
/** The `n`th working day before today (1: the last one). */
function workingDayBefore(n: number): string {
  let day = today;
  for (let found = 0; found < n; ) {
    day = shift(day, -1);
    if (weekdayOf(day) !== OFF) found++;
  }
  return day;
}
const offDayBefore = () => {
  let day = shift(today, -1);
  while (weekdayOf(day) !== OFF) day = shift(day, -1);
  return day;
};

/**
 * makeSchool's VII-A (its teacher leads it) with three pupils: Ananya (her mother Sunita has an
 * email and a mobile), Dev and Esha. The week's off day is never today.
 */
async function school() {
  const s = await makeSchool(t.app);
  const db = t.app.database.db;
  await db.update(guardians).set({ email: 'sunita@example.in' }).where(eq(guardians.id, s.guardian.id));
  const pupil = (admissionNo: string, firstName: string, rollNo: string) => ({
    instituteId: s.institute.id,
    admissionNo,
    firstName,
    lastName: 'Patil',
    rollNo,
    dateOfBirth: '2014-01-01',
    gender: 'male' as const,
    sectionId: s.sections.sevenA.id,
  });
  const [dev, esha] = await db
    .insert(students)
    .values([pupil('2026/010', 'Dev', '2'), pupil('2026/011', 'Esha', '3')])
    .returning();
  await db.update(students).set({ rollNo: '1' }).where(eq(students.id, s.students.child.id));
  if (!dev || !esha) throw new Error('pupils not made');
  const settings = await send('PUT', s.admin.headers, '/api/calendar/settings', { weekly_offs: [OFF] });
  expect(settings.statusCode, settings.body).toBe(200);
  const ananya = s.students.child.id;
  const take = (headers: Headers, date: string, statuses: string[], section = s.sections.sevenA.id) =>
    send('POST', headers, '/api/attendance', {
      section_id: section,
      date,
      entries: [ananya, dev.id, esha.id].map((id, i) => ({ student_id: id, status: statuses[i] })),
    });
  const day = async (headers: Headers, date: string) => {
    const res = await send('GET', headers, `/api/attendance?section_id=${s.sections.sevenA.id}&date=${date}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return { ...s, ananya, dev, esha, take, day };
}

const outbox = async (to: string) => {
  await t.app.jobs.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` });
  return res.json().data.items as { subject: string; text: string; channel: string }[];
};

describe('taking attendance', () => {
  it('replaces the day on a second save, audits each change, and lists every pupil', async () => {
    const s = await school();
    const first = await s.take(s.teacher.headers, today, ['P', 'P', 'P']);
    expect(first.statusCode, first.body).toBe(201);
    const again = await s.take(s.teacher.headers, today, ['A', 'P', 'L']);
    expect(again.statusCode, again.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(attendanceMarks)
      .where(eq(attendanceMarks.sectionId, s.sections.sevenA.id));
    expect(rows).toHaveLength(3);
    const sheet = await s.day(s.teacher.headers, today);
    expect(sheet).toMatchObject({ marked: true, day_state: 'working' });
    expect(sheet.marked_by).toMatch(/^Test teacher User/);
    expect(sheet.items.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([
      ['Ananya Deshpande', 'A'],
      ['Dev Patil', 'P'],
      ['Esha Patil', 'L'],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attendance'), eq(auditLog.instituteId, s.institute.id)));
    expect(audit.map((a) => [a.entityId, a.before.status, a.after.status]).sort()).toEqual(
      [
        [s.ananya, 'P', 'A'],
        [s.esha.id, 'P', 'L'],
      ].sort(),
    );
    // A day not taken: every pupil, no marks.
    const empty = await s.day(s.admin.headers, workingDayBefore(1));
    expect(empty.marked).toBe(false);
    expect(empty.items.map((i: { status: null }) => i.status)).toEqual([null, null, null]);
  });

  it('refuses a holiday, a weekly off and a future date with the reason', async () => {
    const s = await school();
    const holiday = workingDayBefore(2);
    const event = await send('POST', s.admin.headers, '/api/calendar/events', {
      title: 'Guru Nanak Jayanti',
      kind: 'holiday',
      starts_on: holiday,
      ends_on: holiday,
    });
    expect(event.statusCode, event.body).toBe(201);
    const onHoliday = await s.take(s.teacher.headers, holiday, ['P', 'P', 'P']);
    expect(onHoliday.statusCode).toBe(400);
    expect(onHoliday.json()).toMatchObject({
      code: 'attendance.holiday',
      message: 'No attendance on a holiday: Guru Nanak Jayanti',
      params: { holiday: 'Guru Nanak Jayanti' },
    });
    const off = await s.take(s.teacher.headers, offDayBefore(), ['P', 'P', 'P']);
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('attendance.weeklyOff');
    const future = await s.take(s.teacher.headers, shift(today, 1), ['P', 'P', 'P']);
    expect(future.json().code).toBe('attendance.futureDate');
    expect((await s.day(s.teacher.headers, holiday)).day_state).toBe('holiday');
  });

  it('tells the guardian of an absent pupil once that day, and never for a past day', async () => {
    const s = await school();
    const h = s.admin.headers;
    await send('PUT', h, '/api/messaging/settings', {
      dlt_entity_id: '1201159876543210987',
      sender_header: 'SCHLKO',
      quiet_hours: false,
    });
    const template = await send('POST', h, '/api/messaging/templates', {
      key: 'absence-alert',
      name: 'Absence alert',
      dlt_template_id: '1207161234567890002',
      text: 'Dear Parent, {#var#} was absent from school on {#var#}. - SCHLKO',
    });
    expect(template.statusCode, template.body).toBe(201);
    expect((await s.take(s.teacher.headers, today, ['A', 'P', 'P'])).json().data.alerts).toBe(2);
    expect((await s.take(s.teacher.headers, today, ['A', 'P', 'P'])).json().data.alerts).toBe(0);
    await s.take(s.teacher.headers, today, ['P', 'P', 'P']);
    await s.take(s.teacher.headers, today, ['A', 'P', 'P']);
    const past = await s.take(s.teacher.headers, workingDayBefore(1), ['A', 'A', 'P']);
    expect(past.json().data).toMatchObject({ outcome: 'saved', absent: 2, alerts: 0 });
    const mail = await outbox('sunita@example.in');
    expect(mail).toHaveLength(1);
    const date = today.split('-').reverse().join('-');
    expect(mail[0]?.subject).toBe(`Absent today: Ananya Deshpande, ${date}`);
    const sms = await outbox('9822012345');
    expect(sms.map((m) => m.text)).toEqual([
      `Dear Parent, Ananya Deshpande was absent from school on ${date}. - SCHLKO`,
    ]);
  });

  it('lets a teacher take only their sections; another institute sees nothing', async () => {
    const s = await school();
    const other = await s.take(s.teacher.headers, today, ['P', 'P', 'P'], s.sections.eightA.id);
    expect(other.statusCode).toBe(404);
    const read = await send(
      'GET',
      s.teacher.headers,
      `/api/attendance?section_id=${s.sections.eightA.id}&date=${today}`,
    );
    expect(read.statusCode).toBe(404);
    expect((await s.take(s.parent.headers, today, ['P', 'P', 'P'])).statusCode).toBe(403);
    const b = await makeSchool(t.app, 'Other');
    expect((await s.take(b.admin.headers, today, ['P', 'P', 'P'])).statusCode).toBe(404);
    const peek = await send(
      'GET',
      b.admin.headers,
      `/api/attendance?section_id=${s.sections.sevenA.id}&date=${today}`,
    );
    expect(peek.statusCode).toBe(404);
    const pupil = await send(
      'GET',
      b.admin.headers,
      `/api/attendance/students/${s.ananya}?month=${today.slice(0, 7)}`,
    );
    expect(pupil.statusCode).toBe(404);
  });

  it('turns a teacher’s change to an old day into a request that an approver applies or refuses', async () => {
    const s = await school();
    const old = workingDayBefore(6);
    const asked = await s.take(s.teacher.headers, old, ['A', 'P', 'H']);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().data).toMatchObject({ outcome: 'requested' });
    expect((await s.day(s.teacher.headers, old)).marked).toBe(false);
    expect((await s.day(s.teacher.headers, old)).needs_approval).toBe(true);
    const list = await send('GET', s.admin.headers, '/api/attendance/requests');
    expect(list.json().data.pagination.total).toBe(1);
    const [request] = list.json().data.items;
    expect(request).toMatchObject({ section_label: 'VII-A', date: old });
    expect(request.requested_by_name).toMatch(/^Test teacher User/);
    expect(request.changes).toHaveLength(3);
    expect(request.changes[0]).toMatchObject({ name: 'Ananya Deshpande', from: null, to: 'A' });
    const byTeacher = await send('POST', s.teacher.headers, `/api/attendance/requests/${request.id}/approve`);
    expect(byTeacher.statusCode).toBe(403);
    const approved = await send('POST', s.admin.headers, `/api/attendance/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    const applied = await s.day(s.admin.headers, old);
    expect(applied.items.map((i: { status: string }) => i.status)).toEqual(['A', 'P', 'H']);
    const twice = await send('POST', s.admin.headers, `/api/attendance/requests/${request.id}/approve`);
    expect(twice.statusCode).toBe(409);
    // Refused: nothing changes. The admin saves an old day at once.
    const second = (await s.take(s.teacher.headers, old, ['P', 'P', 'P'])).json().data.request_id;
    const rejected = await send('POST', s.admin.headers, `/api/attendance/requests/${second}/reject`, {
      note: 'Register says otherwise',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      review_note: 'Register says otherwise',
    });
    expect((await s.day(s.admin.headers, old)).items[0].status).toBe('A');
    expect((await s.take(s.admin.headers, old, ['P', 'P', 'P'])).statusCode).toBe(200);
    // A longer window lets the teacher change it directly.
    await send('PUT', s.admin.headers, '/api/attendance/settings', { edit_window_days: 30 });
    expect((await s.take(s.teacher.headers, old, ['L', 'P', 'P'])).statusCode).toBe(200);
  });
});

describe('attendance settings', () => {
  it('lets an approver set the edit window (0–60 whole days), audited; teachers read it', async () => {
    const s = await school();
    const url = '/api/attendance/settings';
    expect((await send('GET', s.teacher.headers, url)).json().data).toEqual({ edit_window_days: 3 });
    expect((await send('PUT', s.teacher.headers, url, { edit_window_days: 10 })).statusCode).toBe(403);
    for (const days of [61, -1, 2.5]) {
      const bad = await send('PUT', s.admin.headers, url, { edit_window_days: days });
      expect([bad.statusCode, bad.json().codes]).toEqual([
        400,
        { edit_window_days: { code: 'attendance.editWindowRange' } },
      ]);
    }
    const saved = await send('PUT', s.admin.headers, url, { edit_window_days: 7 });
    expect(saved.json()).toMatchObject({
      message: 'Attendance settings saved',
      data: { edit_window_days: 7 },
    });
    // Saving the same window again changes nothing and writes no second history row.
    expect((await send('PUT', s.admin.headers, url, { edit_window_days: 7 })).statusCode).toBe(200);
    expect((await send('GET', s.teacher.headers, url)).json().data).toEqual({ edit_window_days: 7 });
    const history = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'institute'), eq(auditLog.entityId, s.institute.id)));
    expect(history.map((h) => [h.action, h.actorId, h.before, h.after])).toEqual([
      ['attendance-settings', s.admin.id, { edit_window_days: 3 }, { edit_window_days: 7 }],
    ]);
    // A day six working days back is now the teacher's to change directly (with 3 it was a request).
    expect((await s.take(s.teacher.headers, workingDayBefore(6), ['P', 'P', 'A'])).statusCode).toBe(201);
  });
});

describe('attendance figures', () => {
  /** Five days: Ananya P, L, H, A, LV (50 %); Dev always present; Esha absent twice (60 %). */
  async function fiveDays() {
    const s = await school();
    const codes = [
      ['P', 'P', 'P'],
      ['L', 'P', 'A'],
      ['H', 'P', 'P'],
      ['A', 'P', 'A'],
      ['LV', 'P', 'P'],
    ];
    const days = [5, 4, 3, 2, 1].map(workingDayBefore);
    for (const [i, date] of days.entries())
      expect((await s.take(s.admin.headers, date, codes[i] ?? [])).statusCode).toBe(201);
    return { ...s, days };
  }

  it('gives percentages as (P + L + ½H) ÷ days marked, per section and in the dashboards', async () => {
    const s = await fiveDays();
    const res = await send(
      'GET',
      s.teacher.headers,
      `/api/attendance/percentages?section_id=${s.sections.sevenA.id}&from=${s.days[0]}&to=${today}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((i: { name: string; percent: number }) => [i.name, i.percent])).toEqual([
      ['Ananya Deshpande', 50],
      ['Dev Patil', 100],
      ['Esha Patil', 60],
    ]);
    const [percents, toTake, todayFigures] = await inInstitute(t.database.db, s.institute.id, async (tx) => [
      await attendancePercentOf(tx, s.institute.id, [s.ananya, s.dev.id, s.students.older.id]),
      await attendanceToTake(
        tx,
        { institute: s.institute, userId: s.teacher.id, role: 'teacher' } as never,
        s.days[4] as string,
      ),
      await attendanceToday(tx, s.institute.id, s.days[1] as string),
    ]);
    expect([...percents.values()]).toEqual([50, 100, null]);
    expect(toTake).toEqual([{ section_id: s.sections.sevenA.id, label: 'VII-A', marked: true }]);
    // On the weekly off there is nothing to take, though the teacher still leads VII-A (issue 32).
    const onOff = await inInstitute(t.database.db, s.institute.id, (tx) =>
      attendanceToTake(
        tx,
        { institute: s.institute, userId: s.teacher.id, role: 'teacher' } as never,
        offDayBefore(),
      ),
    );
    expect(onOff).toEqual([]);
    // That day: Ananya late, Dev present, Esha absent; 1 of 3 sections with pupils marked.
    expect(todayFigures).toMatchObject({
      percent_present: 66.7,
      absentees: 1,
      sections_marked: 1,
      sections_total: 3,
    });
    const dashboard = await send('GET', s.admin.headers, '/api/dashboard/admin');
    expect(dashboard.json().data.attendance).toMatchObject({
      date: today,
      marked_students: 0,
      sections_total: 3,
    });
    // A parent reads their child's month, not another pupil's.
    const month = s.days[4]?.slice(0, 7);
    const own = await send('GET', s.parent.headers, `/api/attendance/students/${s.ananya}?month=${month}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.year_percent).toBe(50);
    const notOwn = await send('GET', s.parent.headers, `/api/attendance/students/${s.dev.id}?month=${month}`);
    expect(notOwn.statusCode).toBe(404);
  });

  it('lists the pupils below the threshold, lowest first, a page at a time', async () => {
    const s = await fiveDays();
    const url = `/api/attendance/low?from=${s.days[0]}&to=${today}`;
    const low = await send('GET', s.admin.headers, url);
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json().data.items.map((i: { name: string; percent: number }) => [i.name, i.percent])).toEqual([
      ['Ananya Deshpande', 50],
      ['Esha Patil', 60],
    ]);
    const page2 = await send('GET', s.admin.headers, `${url}&threshold=55&limit=1&page=1`);
    expect(page2.json().data).toMatchObject({ pagination: { total: 1, hasMore: false } });
    expect((await send('GET', s.teacher.headers, url)).statusCode).toBe(403);
  });

  it('prints the monthly register with its codes, closed days and totals', async () => {
    const s = await fiveDays();
    const month = s.days[4]?.slice(0, 7) as string;
    const res = await send(
      'GET',
      s.admin.headers,
      `/api/attendance/register?section_id=${s.sections.sevenA.id}&month=${month}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const register = res.json().data;
    const last = register.days.findIndex((d: { date: string }) => d.date === s.days[4]);
    expect(register.students[0].marks[last]).toBe('LV');
    expect(register.days[last]).toMatchObject({ marked: true, present: 2 });
    expect(register.days.some((d: { state: string }) => d.state === 'weeklyOff')).toBe(true);
    const pdf = await send(
      'GET',
      s.admin.headers,
      `/api/attendance/register.pdf?section_id=${s.sections.sevenA.id}&month=${month}`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Attendance register · VII-A');
    expect(text).toContain('Ananya Deshpande');
    const csv = await send(
      'GET',
      s.admin.headers,
      `/api/attendance/register/export?format=csv&section_id=${s.sections.sevenA.id}&month=${month}`,
    );
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]?.startsWith('1,Ananya Deshpande,')).toBe(true);
  });
});
