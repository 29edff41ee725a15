import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { dateField } from '../people/fields';

/**
 * Attendance (issue 13 item 3): a section's register, day by day (optionally period by period),
 * taken by its teachers on working days only. Codes follow Gibbon's attendance codes, as Indian
 * registers write them: P present, A absent, L late (present), H half-day, LV on leave.
 */
export const ATTENDANCE_CODES = ['P', 'A', 'L', 'H', 'LV'] as const;
export type AttendanceCode = (typeof ATTENDANCE_CODES)[number];

/** Days after which a teacher's change to a day's attendance needs an approver (per institute). */
export const DEFAULT_EDIT_WINDOW_DAYS = 3;
/** CBSE's eligibility rule: a pupil below 75 % attendance may be kept from the board examination. */
export const DEFAULT_LOW_THRESHOLD = 75;
/**
 * The SMS DLT template that tells a guardian of an absence, and its {#var#} values in order:
 * the student's name, the date (dd-mm-yyyy).
 */
export const ABSENCE_ALERT_TEMPLATE = 'absence-alert';
export const ABSENCE_ALERT_VARIABLES = ['student name', 'date'] as const;

/**
 * THE percentage rule (register, student's month, low-attendance list, dashboards):
 * (P + L + ½·H) ÷ days marked, as a percentage with one decimal. Days marked are the working days
 * on which the pupil has a day mark (any code, leave included); null when none is marked yet.
 */
export function attendancePercent(counts: Partial<Record<AttendanceCode, number>>): number | null {
  const marked = ATTENDANCE_CODES.reduce((sum, code) => sum + (counts[code] ?? 0), 0);
  if (!marked) return null;
  const present = (counts.P ?? 0) + (counts.L ?? 0) + 0.5 * (counts.H ?? 0);
  return Math.round((present / marked) * 1000) / 10;
}

/** A pupil's attendance over some days: days present (P + L + ½·H), days marked, and the percentage. */
export type AttendanceFigures = { present: number; marked: number; percent: number | null };

export const ATTENDANCE_MESSAGES = defineMessages(
  'attendance',
  {
    saved: 'Attendance saved',
    futureDate: 'Attendance cannot be taken for a future date',
    outsideYear: 'This date is outside the academic year',
    weeklyOff: 'No attendance on a weekly off',
    saturdayOff: 'No attendance on this Saturday: it is a Saturday off',
    holiday: (holiday: string) => `No attendance on a holiday: ${holiday}`,
    studentNotInSection: 'A student in the list is not on this section’s rolls',
    studentTwice: 'A student appears twice in the list',
    notTimetabled: 'This section has no lessons in the timetable on this weekday',
    requestCreated: 'This day is older than the edit window: your change was sent for approval',
    requestNotFound: 'Edit request not found',
    requestDecided: 'This edit request has already been decided',
    approved: 'Edit approved: the attendance is changed',
    rejected: 'Edit request rejected',
    settingsSaved: 'Attendance settings saved',
    editWindowRange: 'Enter a whole number of days from 0 to 60',
    monthInvalid: 'Enter a month like 2026-11',
    rangeInvalid: 'The range must end after it starts and span at most a year',
  } as const,
  { holiday: ['holiday'] },
);

export const attendanceEntrySchema = z.object({
  student_id: z.uuid(),
  status: z.enum(ATTENDANCE_CODES),
});

/** POST /api/attendance: a section's marks of a day (or of one period), replacing what was there. */
export const attendanceInputSchema = z.object({
  section_id: z.uuid(),
  date: dateField,
  /** The period of the bell schedule, for period-wise attendance; absent for the day's. */
  period: z.number().int().min(1).max(20).nullish(),
  entries: z
    .array(attendanceEntrySchema)
    .max(200)
    .refine((list) => new Set(list.map((e) => e.student_id)).size === list.length, {
      error: ATTENDANCE_MESSAGES.studentTwice.error,
    }),
});
export type AttendanceInput = z.output<typeof attendanceInputSchema>;

export const attendanceDayQuery = z.object({
  section_id: z.uuid(),
  date: dateField,
  period: z.coerce.number().int().min(1).max(20).optional(),
});
export type AttendanceDayQuery = z.output<typeof attendanceDayQuery>;

const markState = z.object({
  /** Whether the day (or period) has been taken, by whom and when (ISO time). */
  marked: z.boolean(),
  marked_by: z.string().nullable(),
  marked_at: z.string().nullable(),
});

/** GET /api/attendance: one row per pupil on the section's rolls, with their mark or null. */
export const attendanceDaySchema = markState.extend({
  section_id: z.string(),
  section_label: z.string(),
  date: z.string(),
  period: z.number().nullable(),
  /** Whether the day may be taken, and if not, why (the code of the refusal). */
  day_state: z.enum(['working', 'weeklyOff', 'saturdayOff', 'holiday', 'outsideYear', 'future']),
  holiday: z.string().nullable(),
  /** A teacher's save of this day becomes an edit request (older than the edit window). */
  needs_approval: z.boolean(),
  edit_window_days: z.number(),
  /** Not timetabled that weekday: a warning, not a refusal. */
  timetabled: z.boolean(),
  /** A pending edit request for this day, if any. */
  pending_request_id: z.string().nullable(),
  items: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      roll_no: z.string(),
      admission_no: z.string(),
      status: z.enum(ATTENDANCE_CODES).nullable(),
    }),
  ),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

/** The answer of a save: applied (with the day) or turned into an edit request. */
export const attendanceSavedSchema = z.object({
  outcome: z.enum(['saved', 'requested']),
  request_id: z.string().nullable(),
  marked: z.number(),
  absent: z.number(),
  /** Alerts queued now (absent pupils' guardians, same day only). */
  alerts: z.number(),
  /** Warnings that did not stop the save (attendance.notTimetabled). */
  warnings: z.array(z.string()),
});
export type AttendanceSaved = z.infer<typeof attendanceSavedSchema>;

export const EDIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const editRequestSchema = z.object({
  id: z.string(),
  section_id: z.string(),
  section_label: z.string(),
  date: z.string(),
  period: z.number().nullable(),
  status: z.enum(EDIT_REQUEST_STATUSES),
  /** The changes asked, beside the marks as they are now. */
  changes: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      from: z.enum(ATTENDANCE_CODES).nullable(),
      to: z.enum(ATTENDANCE_CODES),
    }),
  ),
  requested_by_name: z.string(),
  created_at: z.string(),
  review_note: z.string(),
});
export type EditRequest = z.infer<typeof editRequestSchema>;
export const editRequestQuery = pageQuery.pick({ page: true, limit: true }).extend({
  status: z.enum(EDIT_REQUEST_STATUSES).default('pending'),
});
export const reviewSchema = z.object({ note: z.string().trim().max(300).default('') });

export const monthField = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), ATTENDANCE_MESSAGES.monthInvalid);
export const registerQuery = z.object({ section_id: z.uuid(), month: monthField });

/** The monthly register: pupils × days of the month, codes, closed days, totals. */
export const registerSchema = z.object({
  section_id: z.string(),
  section_label: z.string(),
  class_teacher: z.string().nullable(),
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      state: z.enum(['working', 'weeklyOff', 'saturdayOff', 'holiday', 'outsideYear']),
      holiday: z.string().nullable(),
      /** Pupils present that day (P + L + ½·H), null when the day was not taken. */
      present: z.number().nullable(),
      marked: z.boolean(),
    }),
  ),
  students: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      roll_no: z.string(),
      /** The day's code, in the order of `days` (null: not marked). */
      marks: z.array(z.enum(ATTENDANCE_CODES).nullable()),
      present: z.number(),
      marked: z.number(),
      percent: z.number().nullable(),
    }),
  ),
});
export type Register = z.infer<typeof registerSchema>;
export const registerExportQuery = registerQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

const rangeFields = { from: dateField, to: dateField };
const rangeOk = (v: { from: string; to: string }) =>
  v.to >= v.from && Date.parse(v.to) - Date.parse(v.from) <= 366 * 86_400_000;

export const percentagesQuery = z
  .object({ section_id: z.uuid(), ...rangeFields })
  .refine(rangeOk, { error: ATTENDANCE_MESSAGES.rangeInvalid.error, path: ['to'] });
export const studentPercentSchema = z.object({
  student_id: z.string(),
  name: z.string(),
  roll_no: z.string(),
  section_label: z.string(),
  counts: z.object({ P: z.number(), A: z.number(), L: z.number(), H: z.number(), LV: z.number() }),
  marked: z.number(),
  percent: z.number().nullable(),
});
export type StudentPercent = z.infer<typeof studentPercentSchema>;

export const lowAttendanceQuery = pageQuery
  .pick({ page: true, limit: true, search: true })
  .extend({
    ...rangeFields,
    threshold: z.coerce.number().min(1).max(100).default(DEFAULT_LOW_THRESHOLD),
    section_id: z.uuid().optional(),
  })
  .refine(rangeOk, { error: ATTENDANCE_MESSAGES.rangeInvalid.error, path: ['to'] });
export type LowAttendanceQuery = z.output<typeof lowAttendanceQuery>;

export const absenteesQuery = z.object({ date: dateField });
export const absenteeSchema = z.object({
  student_id: z.string(),
  name: z.string(),
  roll_no: z.string(),
  section_id: z.string(),
  section_label: z.string(),
  status: z.enum(ATTENDANCE_CODES),
});

export const studentMonthQuery = z.object({ month: monthField });
/** A pupil's month as they and their parents see it, with the year's percentage. */
export const studentMonthSchema = z.object({
  student_id: z.string(),
  name: z.string(),
  section_label: z.string(),
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      state: z.enum(['working', 'weeklyOff', 'saturdayOff', 'holiday', 'outsideYear']),
      holiday: z.string().nullable(),
      status: z.enum(ATTENDANCE_CODES).nullable(),
    }),
  ),
  month_percent: z.number().nullable(),
  year_percent: z.number().nullable(),
});
export type StudentMonth = z.infer<typeof studentMonthSchema>;

/** A teacher's sections to take today (the dashboard's card and the screen's picker). */
export const toTakeSchema = z.object({ section_id: z.string(), label: z.string(), marked: z.boolean() });

/** How many days back a teacher may change a day without an approver (0: only today). */
export const attendanceSettingsSchema = z.object({
  edit_window_days: z
    .number(ATTENDANCE_MESSAGES.editWindowRange)
    .int(ATTENDANCE_MESSAGES.editWindowRange)
    .min(0, ATTENDANCE_MESSAGES.editWindowRange)
    .max(60, ATTENDANCE_MESSAGES.editWindowRange)
    .default(DEFAULT_EDIT_WINDOW_DAYS),
});
export type AttendanceSettings = z.output<typeof attendanceSettingsSchema>;

/** The admin dashboard's card: today's attendance of the whole school. */
export const attendanceTodaySchema = z.object({
  date: z.string(),
  /** Present (P + L + ½·H) of the pupils marked today, in %; null when nobody is marked yet. */
  percent_present: z.number().nullable(),
  marked_students: z.number(),
  absentees: z.number(),
  sections_marked: z.number(),
  sections_total: z.number(),
});
export type AttendanceToday = z.infer<typeof attendanceTodaySchema>;
