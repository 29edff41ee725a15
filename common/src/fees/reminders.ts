import { z } from 'zod';
import { defineMessages } from '../messages';
import { CHANNELS } from '../messaging';

/**
 * Fee reminders (issue 14 item 11): schedules of offsets before (-) or after (+) an instalment's
 * due date, sent once per student, due and offset through the messaging channel; and bulk
 * reminders from the defaulter list, once per student per day.
 */
export const REMINDER_MESSAGES = defineMessages('reminders', {
  scheduleSaved: 'Reminder schedule saved',
  scheduleNotFound: 'Reminder schedule not found',
  offsetTaken: 'A schedule with this offset already exists',
  smsTemplateNeeded: 'Choose the SMS template for SMS reminders',
  smsTemplateVariables: 'A fee reminder template has 4 variables: student, amount, instalment, due date',
  runQueued: 'Today’s reminders are being sent',
  bulkSent: 'Reminders queued',
} as const);

/** The fee reminder's SMS values, in the order its template's {#var#} placeholders take them. */
export const FEE_REMINDER_VARIABLES = ['student', 'amount', 'instalment', 'due date'] as const;

export const reminderScheduleInput = z
  .object({
    /** Days from the due date: -3 is three days before, 7 a week after. */
    offset_days: z.number().int().min(-60).max(90),
    channels: z.array(z.enum(CHANNELS)).min(1).max(2),
    sms_template_key: z.string().trim().max(40).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((s) => !s.channels.includes('sms') || !!s.sms_template_key, {
    error: REMINDER_MESSAGES.smsTemplateNeeded.error,
    path: ['sms_template_key'],
  });
export type ReminderScheduleInput = z.output<typeof reminderScheduleInput>;

export const reminderScheduleSchema = z.object({
  id: z.uuid(),
  offset_days: z.number().int(),
  channels: z.array(z.enum(CHANNELS)),
  sms_template_key: z.string().nullable(),
  active: z.boolean(),
});
export type ReminderSchedule = z.output<typeof reminderScheduleSchema>;

export const bulkReminderInput = z.object({ student_ids: z.array(z.uuid()).min(1).max(100) });
export const reminderOutcomeSchema = z.object({
  students: z.number().int(),
  queued: z.number().int(),
  skipped: z.number().int(),
  /** Already sent for the same event (a second run the same day changes nothing). */
  repeated: z.number().int(),
});
export type ReminderOutcome = z.output<typeof reminderOutcomeSchema>;
