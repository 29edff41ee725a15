import {
  FEE_REMINDER_VARIABLES,
  REMINDER_MESSAGES,
  type ReminderSchedule,
  type ReminderScheduleInput,
} from '@schooliko/common/fees/reminders';
import { MESSAGING_MESSAGES, variablesIn } from '@schooliko/common/messaging';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { smsTemplates } from '../../platform/messaging';
import { httpError } from '../../plugins/errors';
import { type FeeReminderScheduleRow, feeReminderSchedules } from './fees.table';
import { ensureDailyRun } from './reminders.service';

/** When fee reminders go: a schedule per offset from the due date, its channels and SMS template. */
const toSchedule = (row: FeeReminderScheduleRow): ReminderSchedule => ({
  id: row.id,
  offset_days: row.offsetDays,
  channels: row.channels,
  sms_template_key: row.smsTemplateKey,
  active: row.active,
});

export async function listSchedules(tx: Db, actor: Actor): Promise<ReminderSchedule[]> {
  const rows = await tx
    .select()
    .from(feeReminderSchedules)
    .where(eq(feeReminderSchedules.instituteId, actor.institute.id))
    .orderBy(asc(feeReminderSchedules.offsetDays))
    .limit(100);
  return rows.map(toSchedule);
}

/** The SMS template must be registered, active and take the fee reminder's four values. */
async function checkTemplate(tx: Db, actor: Actor, input: ReminderScheduleInput) {
  if (!input.channels.includes('sms') || !input.sms_template_key) return;
  const [template] = await tx
    .select()
    .from(smsTemplates)
    .where(
      and(
        eq(smsTemplates.instituteId, actor.institute.id),
        eq(smsTemplates.key, input.sms_template_key),
        eq(smsTemplates.active, true),
      ),
    );
  if (!template)
    throw httpError(422, MESSAGING_MESSAGES.templateNotRegistered, {
      sms_template_key: MESSAGING_MESSAGES.templateNotRegistered,
    });
  if (variablesIn(template.text) !== FEE_REMINDER_VARIABLES.length)
    throw httpError(422, REMINDER_MESSAGES.smsTemplateVariables, {
      sms_template_key: REMINDER_MESSAGES.smsTemplateVariables,
    });
}

const columnsOf = (input: ReminderScheduleInput) => ({
  offsetDays: input.offset_days,
  channels: [...new Set(input.channels)],
  smsTemplateKey: input.channels.includes('sms') ? input.sms_template_key : null,
  active: input.active,
});

async function assertOffsetFree(tx: Db, actor: Actor, offset: number, except?: string) {
  const [taken] = await tx
    .select({ id: feeReminderSchedules.id })
    .from(feeReminderSchedules)
    .where(
      and(
        eq(feeReminderSchedules.instituteId, actor.institute.id),
        eq(feeReminderSchedules.offsetDays, offset),
      ),
    );
  if (taken && taken.id !== except)
    throw httpError(409, REMINDER_MESSAGES.offsetTaken, { offset_days: REMINDER_MESSAGES.offsetTaken });
}

export async function createSchedule(tx: Db, actor: Actor, input: ReminderScheduleInput) {
  await assertOffsetFree(tx, actor, input.offset_days);
  await checkTemplate(tx, actor, input);
  const [row] = await tx
    .insert(feeReminderSchedules)
    .values({ instituteId: actor.institute.id, ...columnsOf(input) })
    .returning();
  if (!row) throw new Error('schedule not saved');
  await ensureDailyRun(tx, actor.institute.id);
  return toSchedule(row);
}

export async function updateSchedule(tx: Db, actor: Actor, id: string, input: ReminderScheduleInput) {
  const where = and(
    eq(feeReminderSchedules.instituteId, actor.institute.id),
    eq(feeReminderSchedules.id, id),
  );
  const [found] = await tx.select({ id: feeReminderSchedules.id }).from(feeReminderSchedules).where(where);
  if (!found) throw httpError(404, REMINDER_MESSAGES.scheduleNotFound);
  await assertOffsetFree(tx, actor, input.offset_days, id);
  await checkTemplate(tx, actor, input);
  const [row] = await tx.update(feeReminderSchedules).set(columnsOf(input)).where(where).returning();
  if (!row) throw httpError(404, REMINDER_MESSAGES.scheduleNotFound);
  return toSchedule(row);
}
