import { z } from 'zod';
import { defineMessages } from '../messages';
import { dateField } from '../people/fields';
import { optionalText } from '../profile';

/**
 * Subjects and the timetable (issue 13 item 2): a bell schedule of periods, breaks and assembly,
 * and an entry per day × period × section with its subject, teacher and room. No teacher, room or
 * section is in two places at once.
 */
export const SUBJECT_TYPES = ['compulsory', 'optional', 'co_scholastic'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const PERIOD_KINDS = ['lesson', 'break', 'assembly'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** ISO weekdays a timetable may use: Monday (1) to Saturday (6); Sunday (7) for schools open then. */
export const TIMETABLE_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const TIMETABLE_MESSAGES = defineMessages(
  'timetable',
  {
    subjectCreated: 'Subject added',
    subjectUpdated: 'Subject saved',
    subjectNotFound: 'Subject not found',
    subjectCodeTaken: 'Another subject has this code',
    nameRequired: 'Please enter the name',
    codeInvalid: 'Use 2 to 10 capital letters, digits or hyphens',
    scheduleSaved: 'Bell schedule saved',
    timeInvalid: 'Enter a time like 08:30',
    periodEndsBeforeStart: 'A period must end after it starts',
    periodsOverlap: 'Periods must follow one another without overlapping',
    scheduleInUse: 'Periods that have timetable entries cannot be removed; clear those entries first',
    entrySaved: 'Timetable entry saved',
    entryRemoved: 'Timetable entry removed',
    entryNotFound: 'Timetable entry not found',
    teacherNotFound: 'Choose a teacher from the active teaching staff',
    periodNotFound: 'This period is not in the bell schedule',
    notALesson: 'This period is a break or assembly: nothing is taught in it',
    subjectNotInClass: 'This subject is not taught in this class',
    oneView: 'Name one section, teacher or room',
    teacherClash: (teacher: string, section: string, day: string, period: string) =>
      `${teacher} already teaches ${section} in ${period} on ${day}`,
    roomClash: (room: string, section: string, day: string, period: string) =>
      `Room ${room} is taken by ${section} in ${period} on ${day}`,
    sectionClash: (section: string, subject: string, day: string, period: string) =>
      `${section} already has ${subject} in ${period} on ${day}`,
    substitutionSaved: 'Substitute arranged',
    notAWorkingDay: 'No lessons on this date: it is not a working day',
    wrongWeekday: 'This period is on another weekday than the date',
    substituteBusy: (teacher: string, section: string, date: string, period: string) =>
      `${teacher} is busy with ${section} in ${period} on ${date}`,
    substituteTaken: (teacher: string, date: string) =>
      `${teacher} already substitutes this period on ${date}`,
  } as const,
  {
    substituteBusy: ['teacher', 'section', 'date', 'period'],
    substituteTaken: ['teacher', 'date'],
    teacherClash: ['teacher', 'section', 'day', 'period'],
    roomClash: ['room', 'section', 'day', 'period'],
    sectionClash: ['section', 'subject', 'day', 'period'],
  },
);

/** English day names for the clash messages (the web translates them by number). */
export const DAY_NAMES = [
  '',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const subjectFields = z.object({
  name: z.string().trim().min(1, TIMETABLE_MESSAGES.nameRequired).max(60),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => /^[A-Z0-9-]{2,10}$/.test(v), TIMETABLE_MESSAGES.codeInvalid),
  type: z.enum(SUBJECT_TYPES).default('compulsory'),
  class_ids: z.array(z.uuid()).max(30).default([]),
  active: z.boolean().default(true),
});
export const subjectInputSchema = subjectFields;
export type SubjectInput = z.output<typeof subjectInputSchema>;

export const subjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.enum(SUBJECT_TYPES),
  class_ids: z.array(z.string()),
  active: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;

const time = z
  .string()
  .trim()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), TIMETABLE_MESSAGES.timeInvalid);

export const periodInputSchema = z.object({
  label: z.string().trim().min(1, TIMETABLE_MESSAGES.nameRequired).max(30),
  kind: z.enum(PERIOD_KINDS).default('lesson'),
  starts_at: time,
  ends_at: time,
});
/** The whole bell schedule, in order: period numbers are the positions (1-based). */
export const bellScheduleInputSchema = z.object({
  periods: z
    .array(periodInputSchema)
    .min(1)
    .max(16)
    .superRefine((periods, ctx) => {
      periods.forEach((p, i) => {
        if (p.ends_at <= p.starts_at)
          ctx.addIssue({
            code: 'custom',
            ...TIMETABLE_MESSAGES.periodEndsBeforeStart.issue,
            path: [i, 'ends_at'],
          });
        const before = periods[i - 1];
        if (before && p.starts_at < before.ends_at)
          ctx.addIssue({
            code: 'custom',
            ...TIMETABLE_MESSAGES.periodsOverlap.issue,
            path: [i, 'starts_at'],
          });
      });
    }),
});
export type BellScheduleInput = z.output<typeof bellScheduleInputSchema>;

export const periodSchema = z.object({
  period: z.number(),
  label: z.string(),
  kind: z.enum(PERIOD_KINDS),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Period = z.infer<typeof periodSchema>;

export const timetableEntryInputSchema = z.object({
  section_id: z.uuid(),
  day: z.number().int().min(1).max(7),
  period: z.number().int().min(1).max(16),
  subject_id: z.uuid(),
  teacher_id: z.uuid(),
  room: optionalText(20),
});
export type TimetableEntryInput = z.output<typeof timetableEntryInputSchema>;

export const timetableEntrySchema = z.object({
  id: z.string(),
  section_id: z.string(),
  section_label: z.string(),
  day: z.number(),
  period: z.number(),
  subject_id: z.string(),
  subject_name: z.string(),
  subject_code: z.string(),
  teacher_id: z.string(),
  teacher_name: z.string(),
  room: z.string(),
});
export type TimetableEntry = z.infer<typeof timetableEntrySchema>;

/** One view of the timetable: a section's, a teacher's or a room's week (exactly one is named). */
export const timetableQuery = z
  .object({
    section_id: z.uuid().optional(),
    teacher_id: z.uuid().optional(),
    room: z.string().trim().min(1).max(20).optional(),
  })
  .refine((q) => [q.section_id, q.teacher_id, q.room].filter((v) => v !== undefined).length === 1, {
    error: TIMETABLE_MESSAGES.oneView.error,
  });
export type TimetableQuery = z.output<typeof timetableQuery>;

/** A substitute for an absent teacher's period on one date (the entry keeps its own teacher). */
export const substitutionInputSchema = z.object({
  entry_id: z.uuid(),
  date: dateField,
  substitute_id: z.uuid(),
  reason: optionalText(200),
});
export type SubstitutionInput = z.output<typeof substitutionInputSchema>;

export const substitutionSchema = z.object({
  id: z.string(),
  date: z.string(),
  entry_id: z.string(),
  period: z.number(),
  section_id: z.string(),
  section_label: z.string(),
  subject_name: z.string(),
  room: z.string(),
  teacher_id: z.string(),
  teacher_name: z.string(),
  substitute_id: z.string(),
  substitute_name: z.string(),
  reason: z.string(),
});
export type Substitution = z.infer<typeof substitutionSchema>;

/** A date's substitutions; with `teacher_id`, those a teacher takes or is away from. */
export const substitutionsQuery = z.object({ date: dateField, teacher_id: z.uuid().optional() });

/** Who could take a period of a date: free then, and how many periods they already teach that day. */
export const freeTeachersQuery = z.object({
  date: dateField,
  period: z.coerce.number().int().min(1).max(16),
});
export const freeTeacherSchema = z.object({
  id: z.string(),
  name: z.string(),
  department: z.string(),
  periods_that_day: z.number(),
});
export type FreeTeacher = z.infer<typeof freeTeacherSchema>;
