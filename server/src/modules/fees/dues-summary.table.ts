import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * The defaulter list's summary of fee_dues (dues.read.ts), derived and kept by
 * `refreshDueSummaries()` (dues-summary.service.ts) in every transaction that changes dues: never
 * written anywhere else, and recomputed from fee_dues rather than added to, so it cannot drift.
 *
 * "Overdue" depends on the day (open dues due before today), so a student's overdue figures are
 * kept for each stretch of days over which they stay the same: a row answers for every `today`
 * with `from_on < today <= until_on` (the open dues' due dates bound the stretches; the last runs
 * to 'infinity'). For any day at most one row per student and `instalment` matches. `instalment`
 * is '' for all of the student's dues, else the figures of that instalment's dues alone (the
 * list's instalment filter).
 */
export const feeDueSummaries = tenantTable(
  'fee_due_summaries',
  {
    studentId: uuid('student_id').notNull(),
    instalment: text('instalment').notNull(),
    fromOn: date('from_on', { mode: 'string' }).notNull(),
    untilOn: date('until_on', { mode: 'string' }).notNull(),
    /** The open balance of the dues due on or before `from_on`. */
    overduePaise: bigint('overdue_paise', { mode: 'number' }).notNull(),
    oldestDueOn: date('oldest_due_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    // The rows that answer for a stretch of days, in the list's orders: by amount (most first, then
    // the oldest due, then the pupil) and by age; a stretch's page is read off one of them
    // (dues.read.ts), and the filtered totals off the first alone.
    index('fee_due_summaries_amount_idx')
      .on(
        t.instituteId,
        t.instalment,
        t.untilOn,
        t.fromOn,
        t.overduePaise.desc().nullsFirst(),
        t.oldestDueOn,
        t.studentId,
      )
      .where(sql`${t.overduePaise} > 0`),
    index('fee_due_summaries_age_idx')
      .on(
        t.instituteId,
        t.instalment,
        t.untilOn,
        t.fromOn,
        t.oldestDueOn,
        t.overduePaise.desc().nullsFirst(),
        t.studentId,
      )
      .where(sql`${t.overduePaise} > 0`),
    index('fee_due_summaries_student_idx').on(t.instituteId, t.studentId),
  ],
);

/**
 * The defaulters' totals, kept (issue 33): how many pupils owe and how much, for each stretch of
 * days and oldest due date, so the institute's totals and the dashboard's outstanding read a few
 * rows rather than a row a pupil. Written only by `refreshDueSummaries()`, in the statement that
 * rewrites the summary rows: a row of changes (less the rows it removed, plus those it wrote) is
 * appended, never updated, so concurrent payments neither wait for one another nor deadlock on a
 * total. `compactDueTotals()` folds an institute's rows into one a key, after a bulk job and every
 * hour. A figure is the sum of its key's rows.
 */
export const feeDueTotals = tenantTable(
  'fee_due_totals',
  {
    instalment: text('instalment').notNull(),
    fromOn: date('from_on', { mode: 'string' }).notNull(),
    untilOn: date('until_on', { mode: 'string' }).notNull(),
    oldestDueOn: date('oldest_due_on', { mode: 'string' }).notNull(),
    students: integer('students').notNull(),
    overduePaise: bigint('overdue_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('fee_due_totals_today_idx').on(
      t.instituteId,
      t.instalment,
      t.untilOn,
      t.fromOn,
      t.oldestDueOn,
      t.students,
      t.overduePaise,
    ),
  ],
);
