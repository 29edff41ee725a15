import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { dateField, emailField, personName } from '../people/fields';
import { requiredMobile, VISITOR_MESSAGES } from './visitors';

/** Appointments (issue 15): a parent or visitor meets a staff member in a slot. */
export const APPOINTMENT_MESSAGES = defineMessages('appointments', {
  booked: 'Appointment booked',
  requested: 'Your request has been sent to the school',
  notFound: 'Appointment not found',
  staffBusy: 'This staff member already has an appointment at that time',
  slotInvalid: 'The appointment must end after it starts, on the same day',
  slotPast: 'Choose a time that has not passed',
  statusChanged: 'Appointment updated',
  transitionRefused: 'This appointment cannot move to that state',
  phoneInvalid: 'Enter a 10-digit mobile number to reach them on',
  notAParent: 'Only a parent with a child at the school can request a slot',
} as const);

export const APPOINTMENT_STATUSES = [
  'requested',
  'confirmed',
  'checked-in',
  'completed',
  'cancelled',
  'no-show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Which state may follow which (MODULES.md section 2). */
export const APPOINTMENT_NEXT: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  requested: ['confirmed', 'cancelled'],
  confirmed: ['checked-in', 'cancelled', 'no-show'],
  'checked-in': ['completed'],
  completed: [],
  cancelled: [],
  'no-show': [],
};
/**
 * Reminders (issue 15 item 2) go through the messaging channel this many hours before a confirmed
 * slot: the day before, and a couple of hours before (after the quiet hours for a morning slot).
 */
export const APPOINTMENT_REMINDER_HOURS = [24, 2] as const;
/**
 * The SMS DLT template of an appointment reminder, and its {#var#} values in order: the visitor's
 * name, the staff member met, the date and time ("12 Dec 2026, 10:00 am").
 */
export const APPOINTMENT_REMINDER_TEMPLATE = 'appointment-reminder';
export const APPOINTMENT_REMINDER_VARIABLES = ['visitor name', 'staff member', 'date and time'] as const;

/** The states that hold the staff member's time. */
export const HOLDING_STATUSES = ['confirmed', 'checked-in'] as const;

const isoTime = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), 'Enter a date and time');

const slot = {
  host_staff_id: z.uuid(),
  starts_at: isoTime,
  ends_at: isoTime,
  purpose: z.string().trim().min(1, VISITOR_MESSAGES.purposeRequired).max(200),
};
const slotRefine = <T extends { starts_at: string; ends_at: string }>(v: T) => {
  const start = Date.parse(v.starts_at);
  const end = Date.parse(v.ends_at);
  return end > start && end - start <= 8 * 3600_000;
};

export const appointmentInputSchema = z
  .object({
    ...slot,
    name: personName(80),
    phone: requiredMobile(APPOINTMENT_MESSAGES.phoneInvalid),
    email: emailField,
    student_id: z.uuid().nullable().default(null),
  })
  .refine(slotRefine, { error: APPOINTMENT_MESSAGES.slotInvalid.error, path: ['ends_at'] });
export type AppointmentInput = z.infer<typeof appointmentInputSchema>;

/** A parent's request from their home: who they are comes from their account. */
export const appointmentRequestSchema = z
  .object({ ...slot, student_id: z.uuid().nullable().default(null) })
  .refine(slotRefine, { error: APPOINTMENT_MESSAGES.slotInvalid.error, path: ['ends_at'] });
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;

export const appointmentStatusSchema = z.object({
  status: z.enum(['confirmed', 'checked-in', 'completed', 'cancelled', 'no-show']),
});

export const appointmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  host_staff_id: z.string(),
  host_name: z.string(),
  student_id: z.string().nullable(),
  student_name: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  purpose: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  visitor_id: z.string().nullable(),
  /** Requested by a parent from their home. */
  from_parent: z.boolean(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const APPOINTMENT_SORTS = ['starts_at', 'name'] as const;
export const appointmentListQuery = pageQuery.extend({
  /** From this day (India) on; today when absent. */
  from: dateField.optional(),
  /** To this day included; the same as `from` when absent. */
  to: dateField.optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  host_staff_id: z.uuid().optional(),
  sort: z.enum(APPOINTMENT_SORTS).optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuery>;

/** A staff member a slot may be booked with (for the booking forms, parents included). */
export const hostSchema = z.object({ id: z.string(), name: z.string(), designation: z.string() });
export type Host = z.infer<typeof hostSchema>;
