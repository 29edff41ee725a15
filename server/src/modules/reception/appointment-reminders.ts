import {
  APPOINTMENT_REMINDER_HOURS,
  APPOINTMENT_REMINDER_TEMPLATE,
  APPOINTMENT_REMINDER_VARIABLES,
} from '@schooliko/common/reception/appointments';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ModuleJob } from '../../kit/module';
import { personName } from '../../kit/names';
import { inInstitute } from '../../kit/scope';
import { institutes } from '../../platform/institutes';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import {
  afterQuietHours,
  normalRecipient,
  type SendOutcome,
  sendMessage,
  settingsRow,
} from '../../platform/messaging/messaging.service';
import { smsReady } from '../../platform/messaging/recipients';
import { guardiansOf } from '../guardians';
import { staff } from '../staff';
import { type AppointmentRow, appointments } from './reception.table';

export const APPOINTMENT_REMINDER_JOB = 'appointments.remind';

/** "12 Dec 2026, 10:00 am": how a slot reads in a message (India time). */
export const slotTime = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);

/**
 * Queues the reminders of a slot just confirmed, in the confirming transaction (a rollback queues
 * none): one job per APPOINTMENT_REMINDER_HOURS still ahead. Each job names the slot's start, so
 * a job that finds the appointment moved or no longer confirmed sends nothing.
 */
export async function queueAppointmentReminders(
  tx: Db,
  instituteId: string,
  row: Pick<AppointmentRow, 'id' | 'startsAt'>,
  now = new Date(),
): Promise<number> {
  let queued = 0;
  for (const hours of APPOINTMENT_REMINDER_HOURS) {
    const runAt = new Date(row.startsAt.getTime() - hours * 3_600_000);
    if (runAt <= now) continue;
    await enqueueJob(tx, {
      kind: APPOINTMENT_REMINDER_JOB,
      instituteId,
      userId: null,
      payload: { appointment_id: row.id, starts_at: row.startsAt.toISOString(), hours },
      runAt,
    });
    queued++;
  }
  return queued;
}

/** The guardian the appointment is with, if any, so that their opt-out is kept. */
async function guardianOf(tx: Db, row: AppointmentRow): Promise<string | null> {
  if (row.guardianId) return row.guardianId;
  if (!row.studentId) return null;
  const phone = normalRecipient('sms', row.phone);
  const email = row.email ? normalRecipient('email', row.email) : null;
  const found = (await guardiansOf(tx, row.instituteId, [row.studentId])).get(row.studentId) ?? [];
  const same = found.find(
    (g) =>
      (g.phone && normalRecipient('sms', g.phone) === phone) ||
      (email && g.email && normalRecipient('email', g.email) === email),
  );
  return same?.id ?? null;
}

type ReminderPayload = { appointment_id?: unknown; starts_at?: unknown; hours?: unknown };

/**
 * The job: reminds the person of a confirmed slot by email and, when the institute's DLT template
 * `appointment-reminder` is registered, by SMS (not when the quiet hours would hold it past the
 * slot). The state is read now: a cancelled, checked-in or moved appointment gets nothing. The
 * event key (appointment, slot, hours before) sends each reminder once, whatever the retries.
 */
export async function runAppointmentReminder(db: Db, instituteId: string, payload: ReminderPayload) {
  const id = String(payload.appointment_id);
  const startsAt = String(payload.starts_at);
  const hours = Number(payload.hours);
  return inInstitute(db, instituteId, async (tx) => {
    const [found] = await tx
      .select({
        row: appointments,
        host: personName(staff),
        school: institutes.name,
      })
      .from(appointments)
      .innerJoin(
        staff,
        and(eq(staff.instituteId, appointments.instituteId), eq(staff.id, appointments.hostStaffId)),
      )
      .innerJoin(institutes, eq(institutes.id, appointments.instituteId))
      .where(and(eq(appointments.instituteId, instituteId), eq(appointments.id, id)));
    if (!found) return { skipped: 'gone' };
    const { row, host, school } = found;
    if (row.status !== 'confirmed') return { skipped: row.status };
    if (row.startsAt.toISOString() !== startsAt) return { skipped: 'moved' };
    const now = new Date();
    if (row.startsAt <= now) return { skipped: 'passed' };
    const when = slotTime(row.startsAt);
    const base = {
      instituteId,
      eventKey: `appointment-reminder:${row.id}:${startsAt}:${hours}h`,
      guardianId: await guardianOf(tx, row),
      recipientName: row.name,
    };
    const outcomes: SendOutcome[] = [];
    if (row.email)
      outcomes.push(
        await sendMessage(tx, {
          ...base,
          channel: 'email',
          to: row.email,
          subject: `Reminder: appointment at ${school} on ${when}`,
          text: `Dear ${row.name},\n\nThis is a reminder of your appointment with ${host} at ${school} on ${when} (${row.purpose}).\nPlease carry an ID proof and come to the reception a few minutes early. If you cannot come, please call the school office.\n\n${school}`,
        }),
      );
    const settings = await settingsRow(tx, instituteId);
    const sms =
      settings &&
      afterQuietHours(now, settings) < row.startsAt &&
      (await smsReady(tx, instituteId, APPOINTMENT_REMINDER_TEMPLATE, APPOINTMENT_REMINDER_VARIABLES.length));
    if (sms && row.phone)
      outcomes.push(
        await sendMessage(tx, {
          ...base,
          channel: 'sms',
          to: row.phone,
          template: APPOINTMENT_REMINDER_TEMPLATE,
          params: [row.name, host, when],
        }),
      );
    return { statuses: outcomes.map((o) => o.status) };
  });
}

/** The job that sends one reminder (reception.module.ts declares it). */
export const appointmentReminderJob: ModuleJob = {
  kind: APPOINTMENT_REMINDER_JOB,
  run: (job, app) => runAppointmentReminder(app.database.db, job.instituteId, job.payload),
};
