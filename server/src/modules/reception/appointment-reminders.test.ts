import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs/jobs.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { guardians } from '../guardians/guardians.table';
import { APPOINTMENT_REMINDER_JOB, slotTime } from './appointment-reminders';
import { appointments } from './reception.table';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

/** 10:00 India time, three days from today: both reminders (a day and two hours before) are ahead. */
const day = new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const at = (hour: number) => new Date(Date.parse(`${day}T00:00:00+05:30`) + hour * 3_600_000).toISOString();
const slot = (staffId: string, from: number, extra: object = {}) => ({
  host_staff_id: staffId,
  starts_at: at(from),
  ends_at: at(from + 0.5),
  purpose: 'Progress of the term',
  name: 'Prakash Iyer',
  phone: '9890012345',
  email: 'prakash.iyer@example.in',
  ...extra,
});

/** A school whose DLT settings (no quiet hours) and appointment-reminder template are registered. */
async function smsSchool() {
  const s = await makeSchool(t.app);
  const h = s.admin.headers;
  const settings = await send('PUT', h, '/api/messaging/settings', {
    dlt_entity_id: '1201159876543210987',
    sender_header: 'SCHLKO',
    quiet_hours: false,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const template = await send('POST', h, '/api/messaging/templates', {
    key: 'appointment-reminder',
    name: 'Appointment reminder',
    dlt_template_id: '1207161234567890003',
    text: 'Dear {#var#}, your appointment with {#var#} is on {#var#}. Please carry an ID proof. - SCHLKO',
  });
  expect(template.statusCode, template.body).toBe(201);
  return s;
}

const reminderJobs = (appointmentId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, APPOINTMENT_REMINDER_JOB),
        sql`${jobs.payload}->>'appointment_id' = ${appointmentId}`,
      ),
    )
    .orderBy(jobs.runAt);

/** Makes the appointment's reminder jobs due (again, for those that ran) and runs the queue. */
async function runReminders(appointmentId: string) {
  await t.database.db
    .update(jobs)
    .set({ status: 'queued', runAt: new Date(Date.now() - 1000) })
    .where(
      and(
        eq(jobs.kind, APPOINTMENT_REMINDER_JOB),
        sql`${jobs.payload}->>'appointment_id' = ${appointmentId}`,
      ),
    );
  await t.app.jobs.drain();
}

const outbox = async (to: string) => {
  await t.app.jobs.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` });
  // The outbox lists the newest first; oldest first here.
  return (res.json().data.items as { subject: string; text: string; channel: string }[])
    .map((m) => (m.channel === 'sms' ? m.text : m.subject))
    .reverse();
};

const log = async (headers: Headers) =>
  (await send('GET', headers, '/api/messaging/messages?event=appointment-reminder')).json().data.items as {
    channel: string;
    status: string;
    recipient: string;
  }[];

describe('appointment reminders', () => {
  it('queues reminders a day and two hours before a confirmed slot and delivers each once by email and SMS', async () => {
    const s = await smsSchool();
    const booked = await send('POST', s.admin.headers, '/api/appointments', slot(s.teacherStaff.id, 10));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().data.id as string;
    const starts = Date.parse(at(10));
    const queued = await reminderJobs(id);
    expect(queued.map((j) => [j.runAt.getTime(), j.payload])).toEqual([
      [starts - 24 * 3_600_000, { appointment_id: id, starts_at: at(10), hours: 24 }],
      [starts - 2 * 3_600_000, { appointment_id: id, starts_at: at(10), hours: 2 }],
    ]);
    const when = slotTime(new Date(starts));
    // Only the confirmation leaves now; the reminders wait for their time.
    expect(await outbox('prakash.iyer@example.in')).toEqual([
      `Appointment at ${s.institute.name} on ${when}`,
    ]);
    expect(await outbox('9890012345')).toEqual([]);

    await runReminders(id);
    const reminder = `Reminder: appointment at ${s.institute.name} on ${when}`;
    const sms = `Dear Prakash Iyer, your appointment with Meera Joshi is on ${when}. Please carry an ID proof. - SCHLKO`;
    expect(await outbox('prakash.iyer@example.in')).toEqual([
      `Appointment at ${s.institute.name} on ${when}`,
      reminder,
      reminder,
    ]);
    expect(await outbox('9890012345')).toEqual([sms, sms]);
    // A job run again (a retry, a restart) finds its event recorded and sends nothing more.
    await runReminders(id);
    expect(await outbox('9890012345')).toHaveLength(2);
    expect(await outbox('prakash.iyer@example.in')).toHaveLength(3);
    const sent = await log(s.admin.headers);
    expect(sent.map((m) => [m.channel, m.status, m.recipient]).sort()).toEqual([
      ['email', 'sent', 'prakash.iyer@example.in'],
      ['email', 'sent', 'prakash.iyer@example.in'],
      ['sms', 'sent', '9890012345'],
      ['sms', 'sent', '9890012345'],
    ]);
  });

  it('sends nothing for a cancelled or moved appointment, and email only without the SMS template', async () => {
    const s = await makeSchool(t.app);
    const h = s.admin.headers;
    const cancelled = (await send('POST', h, '/api/appointments', slot(s.teacherStaff.id, 10))).json().data;
    const cancel = await send('POST', h, `/api/appointments/${cancelled.id}/status`, { status: 'cancelled' });
    expect(cancel.json().data.status).toBe('cancelled');
    await runReminders(cancelled.id);
    expect((await reminderJobs(cancelled.id)).map((j) => [j.status, j.result])).toEqual([
      ['done', { skipped: 'cancelled' }],
      ['done', { skipped: 'cancelled' }],
    ]);

    // A slot moved after its reminders were queued: the stale ones send nothing.
    const moved = (
      await send('POST', h, '/api/appointments', slot(s.teacherStaff.id, 12, { email: 'farah@example.in' }))
    ).json().data;
    await t.database.db
      .update(appointments)
      .set({ startsAt: new Date(at(15)), endsAt: new Date(at(15.5)) })
      .where(eq(appointments.id, moved.id));
    await runReminders(moved.id);
    expect((await reminderJobs(moved.id)).map((j) => j.result)).toEqual([
      { skipped: 'moved' },
      { skipped: 'moved' },
    ]);

    // A parent's request is reminded once the desk confirms it; this school has no SMS set up.
    await t.database.db
      .update(guardians)
      .set({ email: 'sunita@example.in' })
      .where(eq(guardians.id, s.guardian.id));
    const asked = await send('POST', s.parent.headers, '/api/appointments/requests', {
      host_staff_id: s.teacherStaff.id,
      starts_at: at(9),
      ends_at: at(9.5),
      purpose: "Ananya's mathematics",
      student_id: s.students.child.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const r = asked.json().data;
    expect(await reminderJobs(r.id)).toEqual([]);
    const confirm = await send('POST', h, `/api/appointments/${r.id}/status`, { status: 'confirmed' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await runReminders(r.id);
    expect((await reminderJobs(r.id)).map((j) => j.result)).toEqual([
      { statuses: ['queued'] },
      { statuses: ['queued'] },
    ]);
    expect((await log(h)).map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'sunita@example.in'],
      ['email', 'sunita@example.in'],
    ]);
    expect(await outbox('prakash.iyer@example.in')).toEqual([
      `Appointment at ${s.institute.name} on ${slotTime(new Date(at(10)))}`,
    ]);
    expect(await outbox('farah@example.in')).toHaveLength(1);
  });
});
