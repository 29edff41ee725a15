import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs/jobs.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { guardians, studentGuardians } from '../guardians/guardians.table';
import { feesKit } from './fees.testing';
import { nextDailyRun, REMINDERS_JOB } from './reminders.service';

const t = useTestApp();

const { send, addHead, generate, pay } = feesKit(() => t);
const today = todayInIndia();
const inDays = (n: number) => new Date(Date.parse(today) + n * 864e5).toISOString().slice(0, 10);
const FEE_SMS =
  'Dear Parent, fees of {#var#} of {#var#} ({#var#}) are due on {#var#}. Please pay at the earliest. - SCHLKO';

/**
 * Class VII, tuition ₹1,000 a quarter: Q1 due a week ago, Q2 yesterday, Q3 in three days.
 * Ananya's mother Sunita has an email and a mobile; Kabir's father Imran too, and Kabir has paid
 * Q1. Schedules: 3 days before (email and SMS) and 7 days after (email).
 */
async function school() {
  const s = await makeSchool(t.app);
  const h = s.admin.headers;
  const db = t.app.database.db;
  await db.update(guardians).set({ email: 'sunita@example.in' }).where(eq(guardians.id, s.guardian.id));
  const [imran] = await db
    .insert(guardians)
    .values({
      instituteId: s.institute.id,
      name: 'Imran Shaikh',
      phone: '9000000002',
      email: 'imran@example.in',
    })
    .returning();
  if (!imran) throw new Error('guardian not made');
  await db.insert(studentGuardians).values({
    instituteId: s.institute.id,
    studentId: s.students.other.id,
    guardianId: imran.id,
    relation: 'father',
  });
  const tui = await addHead(h, 'TUI', 'Tuition Fee');
  const res = await send('POST', h, '/api/fees/structures', {
    academic_year_id: s.year.id,
    class_id: s.classes.seven.id,
    plan: 'quarterly',
    instalments: [
      { label: 'Q1', due_on: inDays(-7) },
      { label: 'Q2', due_on: inDays(-1) },
      { label: 'Q3', due_on: inDays(3) },
    ],
    lines: [{ head_id: tui.id, amounts_paise: [100000, 100000, 100000] }],
  });
  expect(res.statusCode, res.body).toBe(201);
  await generate(h, [res.json().data.id]);
  await pay(h, s.students.other.id, 100000);
  expect(
    (
      await send('PUT', h, '/api/messaging/settings', {
        dlt_entity_id: '1201159876543210987',
        sender_header: 'SCHLKO',
        quiet_hours: false,
      })
    ).statusCode,
  ).toBe(200);
  const template = await send('POST', h, '/api/messaging/templates', {
    key: 'fee-reminder',
    name: 'Fee reminder',
    dlt_template_id: '1207161234567890001',
    text: FEE_SMS,
  });
  expect(template.statusCode, template.body).toBe(201);
  for (const schedule of [
    { offset_days: -3, channels: ['email', 'sms'], sms_template_key: 'fee-reminder' },
    { offset_days: 7, channels: ['email'] },
  ]) {
    const added = await send('POST', h, '/api/fees/reminders/schedules', schedule);
    expect(added.statusCode, added.body).toBe(201);
  }
  return { ...s, imran };
}

async function runNow(h: Record<string, string>) {
  const res = await send('POST', h, '/api/fees/reminders/run');
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const job = await send('GET', h, `/api/jobs/${res.json().data.job_id}`);
  expect(job.json().data.status).toBe('done');
  return job.json().data.result as { queued: number; repeated: number; skipped: number };
}

type Logged = {
  event_key: string;
  channel: string;
  recipient: string;
  status: string;
  subject: string | null;
  body: string;
};
async function log(h: Record<string, string>) {
  const res = await send('GET', h, '/api/fees/reminders/log?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Logged[];
}

describe('fee reminders', () => {
  it('reminds only the open instalments whose due date + offset is today, once each', async () => {
    const s = await school();
    const h = s.admin.headers;
    expect(await runNow(h)).toMatchObject({ queued: 5, repeated: 0 });
    const sent = (await log(h)).map((m) => [
      m.recipient,
      m.channel,
      m.event_key.split(':').slice(3).join(':'),
      m.status,
    ]);
    expect(sent.sort()).toEqual(
      [
        ['9000000002', 'sms', '2:-3', 'sent'],
        ['9822012345', 'sms', '2:-3', 'sent'],
        ['imran@example.in', 'email', '2:-3', 'sent'],
        ['sunita@example.in', 'email', '0:7', 'sent'],
        ['sunita@example.in', 'email', '2:-3', 'sent'],
      ].sort(),
    );
    // Again the same day: nothing twice.
    expect(await runNow(h)).toMatchObject({ queued: 0, repeated: 5 });
    expect(await log(h)).toHaveLength(5);

    const sms = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=9822012345' });
    const [text] = sms.json().data.items as { channel: string; subject: string; text: string }[];
    expect(text?.channel).toBe('sms');
    expect(text?.subject).toBe(
      'SMS from SCHLKO · DLT template 1207161234567890001 · entity 1201159876543210987',
    );
    expect(text?.text).toBe(
      `Dear Parent, fees of Ananya Deshpande of ₹1,000.00 (Q3) are due on ${inDays(3).split('-').reverse().join('-')}. Please pay at the earliest. - SCHLKO`,
    );
    const mail = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=sunita@example.in' });
    expect(
      mail
        .json()
        .data.items.map((m: { subject: string }) => m.subject)
        .sort(),
    ).toEqual(
      [
        `Fee reminder: Ananya Deshpande, ₹1,000.00 due on ${inDays(-7).split('-').reverse().join('-')}`,
        `Fee reminder: Ananya Deshpande, ₹1,000.00 due on ${inDays(3).split('-').reverse().join('-')}`,
      ].sort(),
    );
  });

  it('keeps a daily run queued for 09:00 India time, and each daily run queues the next', async () => {
    const s = await school();
    const db = t.app.database.db;
    const daily = () =>
      db
        .select()
        .from(jobs)
        .where(
          and(eq(jobs.instituteId, s.institute.id), eq(jobs.kind, REMINDERS_JOB), eq(jobs.status, 'queued')),
        );
    const [queued, ...more] = await daily();
    expect(more).toEqual([]);
    expect(queued?.payload).toEqual({ daily: true });
    expect(queued?.runAt.toISOString().slice(11)).toBe('03:30:00.000Z');
    // Its time comes: it sends today's reminders and queues tomorrow's run.
    await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, queued?.id ?? ''));
    await t.app.jobs.drain();
    expect(await log(s.admin.headers)).toHaveLength(5);
    const [next] = await daily();
    expect(next?.id).not.toBe(queued?.id);
    expect(next?.runAt.getTime()).toBe(nextDailyRun().getTime());
  });

  it('refuses an SMS schedule whose template is not registered or does not take the four values', async () => {
    const s = await school();
    const h = s.admin.headers;
    const missing = await send('POST', h, '/api/fees/reminders/schedules', {
      offset_days: 1,
      channels: ['sms'],
      sms_template_key: 'no-such-template',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('messaging.templateNotRegistered');
    await send('POST', h, '/api/messaging/templates', {
      key: 'short',
      name: 'Short',
      dlt_template_id: '1207161234567890002',
      text: 'Fee due for {#var#}',
    });
    const short = await send('POST', h, '/api/fees/reminders/schedules', {
      offset_days: 1,
      channels: ['sms'],
      sms_template_key: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('reminders.smsTemplateVariables');
    const taken = await send('POST', h, '/api/fees/reminders/schedules', {
      offset_days: 7,
      channels: ['email'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('reminders.offsetTaken');
  });

  it('sends bulk reminders for the chosen defaulters once a day, and skips a guardian who opted out', async () => {
    const s = await school();
    const h = s.admin.headers;
    const optOut = await send('PUT', h, `/api/messaging/opt-outs/${s.imran.id}`, { opted_out: true });
    expect(optOut.statusCode).toBe(200);
    const ids = { student_ids: [s.students.child.id, s.students.other.id, s.students.older.id] };
    const first = await send('POST', h, '/api/fees/reminders/bulk', ids);
    expect(first.statusCode, first.body).toBe(200);
    // Ananya owes Q1 and Q2 (₹2,000) by email and SMS; Kabir's father opted out; Riya owes nothing.
    expect(first.json().data).toEqual({ students: 2, queued: 2, skipped: 2, repeated: 0 });
    const again = await send('POST', h, '/api/fees/reminders/bulk', ids);
    expect(again.json().data).toEqual({ students: 2, queued: 0, skipped: 0, repeated: 4 });
    await t.app.jobs.drain();
    const bulk = (await log(h)).filter((m) => m.event_key.startsWith('fee-bulk:'));
    expect(bulk.map((m) => [m.recipient, m.status]).sort()).toEqual(
      [
        ['9000000002', 'skipped'],
        ['9822012345', 'sent'],
        ['imran@example.in', 'skipped'],
        ['sunita@example.in', 'sent'],
      ].sort(),
    );
    expect(bulk.find((m) => m.channel === 'email' && m.status === 'sent')?.subject).toContain('₹2,000.00');
  });

  it('is for those who send reminders: a parent cannot, and another institute sees no log', async () => {
    const s = await school();
    await runNow(s.admin.headers);
    expect((await send('POST', s.parent.headers, '/api/fees/reminders/run')).statusCode).toBe(403);
    const other = await makeSchool(t.app, 'Other');
    expect(await log(other.admin.headers)).toEqual([]);
  });
});
