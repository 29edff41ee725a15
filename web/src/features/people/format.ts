import type { AcademicYear } from '@schooliko/common/people/classes';
import { momentFormat } from '../../app/format-when';

/** Dates as people read them in the chosen language's Indian locale (25 Nov 2026). */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return momentFormat(language, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    ...(value.length > 10 ? { hour: 'numeric', minute: '2-digit' } : { timeZone: 'UTC' }),
  }).format(date);
}

/** camelCase or snake_case column names of an audit entry, as the field key of the strings. */
export const fieldKey = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An audit entry's changes as lines "field: before → after". */
export function changeLines(entry: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter(
    (k) => !['id', 'instituteId', 'createdAt', 'updatedAt'].includes(k),
  );
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  return keys.map((k) => ({
    field: fieldKey(k),
    before: text(entry.before[k]),
    after: text(entry.after[k]),
  }));
}

/** "2026-27" → the session after it, "2027-28", with the same dates a year on. */
export function nextSession(year: AcademicYear) {
  const start = Number(year.name.slice(0, 4)) + 1;
  const later = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
  return {
    name: `${start}-${String((start + 1) % 100).padStart(2, '0')}`,
    starts_on: later(year.starts_on),
    ends_on: later(year.ends_on),
  };
}
