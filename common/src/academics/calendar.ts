import { z } from 'zod';
import { defineMessages } from '../messages';
import { dateField, patchOf } from '../people/fields';
import { optionalText } from '../profile';

/**
 * The school calendar (issue 13 item 1): terms, working days, holidays and events. A day is a
 * working day when it lies inside the academic year, is not a weekly off (Sunday; some schools
 * also the second and fourth Saturday) and no holiday covers it. Attendance is taken only then.
 */
export const EVENT_KINDS = ['holiday', 'exam', 'ptm', 'event'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Who an event is for: everyone, or staff, students or parents only. */
export const EVENT_AUDIENCES = ['all', 'staff', 'students', 'parents'] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];

export const CALENDAR_MESSAGES = defineMessages('calendar', {
  eventCreated: 'Event added',
  eventUpdated: 'Event saved',
  eventCancelled: 'Event cancelled',
  eventNotFound: 'Event not found',
  eventAlreadyCancelled: 'This event is already cancelled',
  titleRequired: 'Please enter a title',
  endsBeforeStart: 'The last day cannot be before the first',
  tooLong: 'An event can last at most 60 days',
  termCreated: 'Term added',
  termNotFound: 'Term not found',
  termOutsideYear: 'A term must lie inside its academic year',
  termOverlaps: 'This term overlaps another term of the year',
  termNameTaken: 'This year already has a term with this name',
  settingsSaved: 'Calendar settings saved',
  noWorkingDay: 'Keep at least one working day in the week',
  rangeTooLong: 'Ask for at most 100 days at a time',
} as const);

const isoDay = (value: string) => new Date(`${value}T00:00:00Z`);
const daysBetween = (from: string, to: string) =>
  Math.round((isoDay(to).getTime() - isoDay(from).getTime()) / 86_400_000);

const eventFields = z.object({
  title: z.string().trim().min(1, CALENDAR_MESSAGES.titleRequired).max(120),
  kind: z.enum(EVENT_KINDS),
  starts_on: dateField,
  ends_on: dateField,
  audience: z.enum(EVENT_AUDIENCES).default('all'),
  /** Only these classes (empty: every class). */
  class_ids: z.array(z.uuid()).max(30).default([]),
  description: optionalText(1000),
  /** Shown in the public site's Events block (when the school has opted in). */
  is_public: z.boolean().default(false),
});
export const calendarEventInputSchema = eventFields
  .refine((v) => v.ends_on >= v.starts_on, {
    error: CALENDAR_MESSAGES.endsBeforeStart.error,
    path: ['ends_on'],
  })
  .refine((v) => v.ends_on < v.starts_on || daysBetween(v.starts_on, v.ends_on) < 60, {
    error: CALENDAR_MESSAGES.tooLong.error,
    path: ['ends_on'],
  });
export type CalendarEventInput = z.output<typeof calendarEventInputSchema>;
export const calendarEventPatchSchema = patchOf(eventFields);

export const calendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(EVENT_KINDS),
  starts_on: z.string(),
  ends_on: z.string(),
  audience: z.enum(EVENT_AUDIENCES),
  class_ids: z.array(z.string()),
  description: z.string(),
  is_public: z.boolean(),
  cancelled: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarRangeQuery = z
  .object({ from: dateField, to: dateField })
  .refine((v) => v.to >= v.from, { error: CALENDAR_MESSAGES.endsBeforeStart.error, path: ['to'] })
  .refine((v) => v.to < v.from || daysBetween(v.from, v.to) <= 100, {
    error: CALENDAR_MESSAGES.rangeTooLong.error,
    path: ['to'],
  });

export const termInputSchema = z
  .object({
    academic_year_id: z.uuid(),
    name: z.string().trim().min(1, CALENDAR_MESSAGES.titleRequired).max(40),
    starts_on: dateField,
    ends_on: dateField,
  })
  .refine((v) => v.ends_on >= v.starts_on, {
    error: CALENDAR_MESSAGES.endsBeforeStart.error,
    path: ['ends_on'],
  });
export type TermInput = z.output<typeof termInputSchema>;

export const termSchema = z.object({
  id: z.string(),
  academic_year_id: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type Term = z.infer<typeof termSchema>;

export const calendarSettingsSchema = z.object({
  /** Weekdays the school is closed every week (7 = Sunday). */
  weekly_offs: z
    .array(z.number().int().min(1).max(7))
    .refine((days) => new Set(days).size < 7, CALENDAR_MESSAGES.noWorkingDay)
    .default([7]),
  /** Saturdays of the month that are off (2 and 4: the second and fourth Saturday). */
  saturday_offs: z.array(z.number().int().min(1).max(5)).max(5).default([]),
  /** Show the public events in the institute site's Events block. */
  public_events: z.boolean().default(false),
});
export type CalendarSettings = z.output<typeof calendarSettingsSchema>;
export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = {
  weekly_offs: [7],
  saturday_offs: [],
  public_events: false,
};

export const DAY_STATES = ['working', 'weeklyOff', 'saturdayOff', 'holiday', 'outsideYear'] as const;
export type DayState = (typeof DAY_STATES)[number];
export const dayStatusSchema = z.object({
  date: z.string(),
  state: z.enum(DAY_STATES),
  /** The holiday's title when a holiday closes the day. */
  holiday: z.string().nullable(),
});
export type DayStatus = z.infer<typeof dayStatusSchema>;

/** ISO weekday of a yyyy-mm-dd date (1 = Monday … 7 = Sunday). */
export function weekdayOf(date: string): number {
  const d = isoDay(date).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The day's state: the one rule the attendance register, the calendar grid and the dashboards share. */
export function dayStatus(
  date: string,
  year: { starts_on: string; ends_on: string } | null,
  settings: Pick<CalendarSettings, 'weekly_offs' | 'saturday_offs'>,
  holidays: readonly { title: string; starts_on: string; ends_on: string }[],
): DayStatus {
  const of = (state: DayState, holiday: string | null = null) => ({ date, state, holiday });
  if (!year || date < year.starts_on || date > year.ends_on) return of('outsideYear');
  const weekday = weekdayOf(date);
  if (settings.weekly_offs.includes(weekday)) return of('weeklyOff');
  if (weekday === 6 && settings.saturday_offs.includes(Math.ceil(Number(date.slice(8, 10)) / 7)))
    return of('saturdayOff');
  const holiday = holidays.find((h) => h.starts_on <= date && date <= h.ends_on);
  if (holiday) return of('holiday', holiday.title);
  return of('working');
}

/** Every yyyy-mm-dd date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = isoDay(from).getTime(); t <= isoDay(to).getTime(); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
