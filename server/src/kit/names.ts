import { type SQLWrapper, sql } from 'drizzle-orm';

/** A person's name as records, letters and receipts print it: first, middle (if any) and last. */
export function fullName(s: { firstName: string; middleName?: string | null; lastName: string }): string {
  return [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');
}

/**
 * A person's first and last name in SQL ("Aarav Sharma"), for a pupil, a member of staff or an
 * account (any table with `firstName` and `lastName`).
 */
export const personName = (t: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;

/** The same through a left join: null when no one is joined (or the name is empty). */
export const personNameOrNull = (t: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string | null>`nullif(${personName(t)}, '')`;
