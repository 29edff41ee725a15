import { formatRupees } from '@schooliko/common/fees/money';
import { FEE_REMINDER_VARIABLES, type ReminderOutcome } from '@schooliko/common/fees/reminders';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq, gt, inArray, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { inInstitute } from '../../kit/scope';
import { institutes } from '../../platform/institutes';
import { jobs } from '../../platform/jobs';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import { type OutboundMessage, sendMessages } from '../../platform/messaging/messaging.service';
import { smsReady } from '../../platform/messaging/recipients';
import { guardiansOf } from '../guardians';
import { students } from '../students';
import { feeDues, feeReminderSchedules } from './fees.table';

export const REMINDERS_JOB = 'fees.reminders';
/** The daily run starts at 09:00 India time (03:30 UTC), after the quiet hours. */
const DAILY_AT_UTC_MIN = 3 * 60 + 30;

/** The next 09:00 in India after `now`. */
export function nextDailyRun(now = new Date()): Date {
  const day = Math.floor(now.getTime() / 864e5) * 864e5;
  const today = new Date(day + DAILY_AT_UTC_MIN * 60_000);
  return today > now ? today : new Date(today.getTime() + 864e5);
}

/**
 * Keeps one daily run queued for the institute (durable: a queued job row). Each run queues the
 * next one as it finishes, so the chain survives restarts; this starts it (a schedule saved, the seed).
 */
export async function ensureDailyRun(tx: Db, instituteId: string, now = new Date()) {
  const [queued] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.instituteId, instituteId),
        eq(jobs.kind, REMINDERS_JOB),
        eq(jobs.status, 'queued'),
        sql`${jobs.payload}->>'daily' = 'true'`,
      ),
    )
    .limit(1);
  if (queued) return queued.id;
  return enqueueJob(tx, {
    kind: REMINDERS_JOB,
    instituteId,
    userId: null,
    payload: { daily: true },
    runAt: nextDailyRun(now),
  });
}

/** "Run now": today's reminders, as a job the starter follows. */
export function startRun(tx: Db, actor: Actor) {
  return enqueueJob(tx, {
    kind: REMINDERS_JOB,
    instituteId: actor.institute.id,
    userId: actor.userId,
    payload: { date: todayInIndia() },
  });
}

const shiftDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 864e5).toISOString().slice(0, 10);
const indianDate = (iso: string) => iso.split('-').reverse().join('-');

type Reminder = {
  studentId: string;
  studentName: string;
  amountPaise: number;
  instalment: string;
  dueOn: string;
  eventKey: string;
};

/** Sends each reminder to the student's guardians on the channels given; counts the outcomes. */
async function sendReminders(
  tx: Db,
  instituteId: string,
  reminders: Reminder[],
  channels: readonly ('email' | 'sms')[],
  smsTemplate: string | null,
): Promise<ReminderOutcome> {
  const [institute] = await tx
    .select({ name: institutes.name })
    .from(institutes)
    .where(eq(institutes.id, instituteId));
  const school = institute?.name ?? '';
  const byStudent = await guardiansOf(
    tx,
    instituteId,
    reminders.map((r) => r.studentId),
  );
  const outcome: ReminderOutcome = {
    students: new Set(reminders.map((r) => r.studentId)).size,
    queued: 0,
    skipped: 0,
    repeated: 0,
  };
  const list: OutboundMessage[] = [];
  for (const r of reminders) {
    const amount = formatRupees(r.amountPaise);
    for (const g of byStudent.get(r.studentId) ?? []) {
      const base = { instituteId, eventKey: r.eventKey, guardianId: g.id, recipientName: g.name };
      if (channels.includes('email') && g.email)
        list.push({
          ...base,
          channel: 'email',
          to: g.email,
          subject: `Fee reminder: ${r.studentName}, ${amount} due on ${indianDate(r.dueOn)}`,
          text: `Dear ${g.name},\n\nThis is a reminder that ${amount} of ${r.studentName}'s fees (${r.instalment}) is due on ${indianDate(r.dueOn)}.\nPlease pay at the school office, or online from the parent dashboard.\n\nIf you have already paid, please ignore this message.\n\n${school}`,
        });
      if (channels.includes('sms') && smsTemplate && g.phone)
        list.push({
          ...base,
          channel: 'sms',
          to: g.phone,
          template: smsTemplate,
          params: [r.studentName, amount, r.instalment, indianDate(r.dueOn)],
        });
    }
  }
  for (const o of await sendMessages(tx, list)) {
    if (o.status === 'queued') outcome.queued++;
    else if (o.status === 'skipped') outcome.skipped++;
    else outcome.repeated++;
  }
  return outcome;
}

const studentName = personName(students);

/**
 * The reminders of `date`: for each active schedule, every open instalment (balance above zero)
 * due `offset` days before `date`, one reminder per student and instalment, keyed by student,
 * structure, instalment and offset so that a second run sends nothing again.
 */
export async function runReminders(tx: Db, instituteId: string, date: string): Promise<ReminderOutcome> {
  const total: ReminderOutcome = { students: 0, queued: 0, skipped: 0, repeated: 0 };
  const schedules = await tx
    .select()
    .from(feeReminderSchedules)
    .where(and(eq(feeReminderSchedules.instituteId, instituteId), eq(feeReminderSchedules.active, true)));
  for (const schedule of schedules) {
    const dueOn = shiftDays(date, -schedule.offsetDays);
    const rows = await tx
      .select({
        studentId: feeDues.studentId,
        sourceId: feeDues.sourceId,
        seq: feeDues.seq,
        instalment: feeDues.instalment,
        balance: sql<number>`sum(${feeDues.balancePaise})`.mapWith(Number),
        name: studentName,
      })
      .from(feeDues)
      .innerJoin(
        students,
        and(eq(students.instituteId, feeDues.instituteId), eq(students.id, feeDues.studentId)),
      )
      .where(
        and(
          eq(feeDues.instituteId, instituteId),
          eq(feeDues.dueOn, dueOn),
          gt(feeDues.balancePaise, 0),
          not(feeDues.cancelled),
        ),
      )
      .groupBy(
        feeDues.studentId,
        feeDues.sourceId,
        feeDues.seq,
        feeDues.instalment,
        students.firstName,
        students.lastName,
      );
    const reminders = rows.map((r) => ({
      studentId: r.studentId,
      studentName: r.name,
      amountPaise: r.balance,
      instalment: r.instalment,
      dueOn,
      eventKey: `fee-reminder:${r.studentId}:${r.sourceId}:${r.seq}:${schedule.offsetDays}`,
    }));
    const sms = (await smsReady(tx, instituteId, schedule.smsTemplateKey, FEE_REMINDER_VARIABLES.length))
      ? schedule.smsTemplateKey
      : null;
    const outcome = await sendReminders(tx, instituteId, reminders, schedule.channels, sms);
    total.students += outcome.students;
    total.queued += outcome.queued;
    total.skipped += outcome.skipped;
    total.repeated += outcome.repeated;
  }
  return total;
}

/** The job: a run for a date ("Run now"), or the daily run, which queues tomorrow's as it ends. */
export async function runReminderJob(
  db: Db,
  instituteId: string,
  payload: { date?: string; daily?: boolean },
) {
  const date = payload.date ?? todayInIndia();
  return inInstitute(db, instituteId, async (tx) => {
    const outcome = await runReminders(tx, instituteId, date);
    if (payload.daily)
      await enqueueJob(tx, {
        kind: REMINDERS_JOB,
        instituteId,
        userId: null,
        payload: { daily: true },
        runAt: nextDailyRun(),
      });
    return { date, ...outcome };
  });
}

/**
 * Bulk reminders from the defaulter list: each chosen student's overdue balance (due before
 * today), once per student per day, by email and, when the fee-reminder SMS template is
 * registered, by SMS.
 */
export async function bulkRemind(tx: Db, actor: Actor, studentIds: string[]): Promise<ReminderOutcome> {
  const instituteId = actor.institute.id;
  const today = todayInIndia();
  const rows = await tx
    .select({
      studentId: feeDues.studentId,
      balance: sql<number>`sum(${feeDues.balancePaise})`.mapWith(Number),
      oldest: sql<string>`min(${feeDues.dueOn})`,
      instalments: sql<string>`string_agg(distinct ${feeDues.instalment}, ', ')`,
      name: studentName,
    })
    .from(feeDues)
    .innerJoin(
      students,
      and(eq(students.instituteId, feeDues.instituteId), eq(students.id, feeDues.studentId)),
    )
    .where(
      and(
        eq(feeDues.instituteId, instituteId),
        inArray(feeDues.studentId, studentIds),
        lt(feeDues.dueOn, today),
        gt(feeDues.balancePaise, 0),
        not(feeDues.cancelled),
      ),
    )
    .groupBy(feeDues.studentId, students.firstName, students.lastName);
  const reminders = rows.map((r) => ({
    studentId: r.studentId,
    studentName: r.name,
    amountPaise: r.balance,
    instalment: r.instalments,
    dueOn: String(r.oldest).slice(0, 10),
    eventKey: `fee-bulk:${r.studentId}:${today}`,
  }));
  const sms = (await smsReady(tx, instituteId, 'fee-reminder', FEE_REMINDER_VARIABLES.length))
    ? 'fee-reminder'
    : null;
  return sendReminders(tx, instituteId, reminders, sms ? ['email', 'sms'] : ['email'], sms);
}
