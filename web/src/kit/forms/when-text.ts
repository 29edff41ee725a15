import { defineMessages, type Message } from '@schooliko/common/messages';

/**
 * The date and time fields' words and sums (issue 32: the browser's own date box showed mm/dd/yyyy
 * in an en-US browser, its time box "PM" in Hindi). People read and type a day as dd/mm/yyyy and a
 * time as hh:mm (24 hours) whatever the browser's language; the forms and the API keep the ISO
 * text (2026-11-26, 15:30).
 */
export const DATE_FIELD_MESSAGES = defineMessages(
  'dateField',
  {
    unreadable: 'Enter the date as dd/mm/yyyy, for example 26/11/2026',
    timeUnreadable: 'Enter the time as hh:mm, for example 15:30',
    tooEarly: (min: string) => `The date must be on or after ${min}`,
    tooLate: (max: string) => `The date must be on or before ${max}`,
  },
  { tooEarly: ['min'], tooLate: ['max'] },
);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// 26/11/2026, 26-11-2026, 26.11.2026 (a day or month may have one digit), or 26112026.
const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$|^(\d{2})(\d{2})(\d{4})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO text of a calendar day, or null when there is no such day (31/02). */
function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Whether a text is a real day in ISO form (2026-11-26). */
export function isIsoDay(text: string): boolean {
  const iso = ISO_DAY.exec(text);
  return Boolean(iso && isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3])));
}

/** The ISO day a person typed ("26/11/2026", "26-11-2026", "26.11.2026", or ISO pasted), else null. */
export function dayOfText(text: string): string | null {
  const trimmed = text.trim();
  if (isIsoDay(trimmed)) return trimmed;
  const typed = TYPED_DAY.exec(trimmed);
  if (!typed) return null;
  const [day, month, year] = (typed[1] ? typed.slice(1, 4) : typed.slice(4, 7)).map(Number) as [
    number,
    number,
    number,
  ];
  return isoOf(year, month, day);
}

/** An ISO day as people read it: "26/11/2026"; any other text as it is. */
export function textOfDay(value: string): string {
  const iso = ISO_DAY.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

/** What is wrong with a typed day, given the earliest and latest allowed (ISO); null when nothing. */
export function dayProblem(text: string, min?: string, max?: string): Message | null {
  if (text.trim() === '') return null;
  const day = dayOfText(text);
  if (!day) return DATE_FIELD_MESSAGES.unreadable;
  if (min && day < min) return DATE_FIELD_MESSAGES.tooEarly(textOfDay(min));
  if (max && day > max) return DATE_FIELD_MESSAGES.tooLate(textOfDay(max));
  return null;
}

/**
 * What a typed text stands for: the value a form keeps (the ISO text, '' for nothing, else the text
 * as typed, so the form's schema refuses it) and what is wrong with it.
 */
export type Reading = { value: string; problem: Message | null };

const reading = (text: string, read: string | null, problem: Message | null): Reading => ({
  value: text.trim() === '' ? '' : problem ? text.trim() : (read ?? text.trim()),
  problem,
});

/** A typed day, given the earliest and latest allowed (ISO). */
export const readDay = (text: string, min?: string, max?: string): Reading =>
  reading(text, dayOfText(text), dayProblem(text, min, max));

// 15:30, 15.30, 1530, 9:05, or 3:30 pm (am/pm in either case, with or without dots).
const TYPED_TIME = /^(\d{1,2})(?:[:.]?(\d{2}))?\s*(?:([ap])\.?m\.?)?$/i;

/** The time ("15:30") a person typed ("15:30", "15.30", "1530", "3:30 pm"), else null. */
export function timeOfText(text: string): string | null {
  const typed = TYPED_TIME.exec(text.trim());
  if (!typed || (typed[2] === undefined && !typed[3])) return null;
  let hour = Number(typed[1]);
  const minute = Number(typed[2] ?? 0);
  const half = typed[3]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return null;
  if (half) hour = (hour % 12) + (half === 'p' ? 12 : 0);
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** A typed time. */
export function readTime(text: string): Reading {
  const time = timeOfText(text);
  return reading(text, time, text.trim() === '' || time ? null : DATE_FIELD_MESSAGES.timeUnreadable);
}

/** The days of a month (yyyy-mm), and the column its first falls in on a wall calendar from Sunday (0–6). */
export function monthDays(month: string): { days: string[]; firstColumn: number } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return {
    days: Array.from({ length: last }, (_, i) => `${month}-${pad(i + 1)}`),
    firstColumn: new Date(Date.UTC(year, m - 1, 1)).getUTCDay(),
  };
}

/** The month `delta` months from `month` (yyyy-mm). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** The months' and weekdays' (from Sunday) names in the language's Indian locale, as Intl says them. */
export function calendarNames(language: string): {
  months: string[];
  weekdays: { narrow: string; long: string }[];
} {
  const locale = `${language}-IN`;
  const name = (options: Intl.DateTimeFormatOptions, date: Date) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  // 1 Jan 2023 was a Sunday.
  const days = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)));
  return {
    months: Array.from({ length: 12 }, (_, i) => name({ month: 'long' }, new Date(Date.UTC(2023, i, 1)))),
    weekdays: days.map((d) => ({
      narrow: name({ weekday: 'narrow' }, d),
      long: name({ weekday: 'long' }, d),
    })),
  };
}

/** A day in words for a calendar's button: "Thursday, 26 November 2026" in the language. */
export function dayInWords(iso: string, language: string): string {
  return new Intl.DateTimeFormat(`${language}-IN`, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}
