import { sql } from 'drizzle-orm';
import { bigint, date, index, text, uuid } from 'drizzle-orm/pg-core';
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
    // The list: the rows that answer for today, with what its totals and order need, read off the
    // index alone.
    index('fee_due_summaries_today_idx')
      .on(t.instituteId, t.instalment, t.untilOn, t.fromOn, t.overduePaise, t.oldestDueOn, t.studentId, t.id)
      .where(sql`${t.overduePaise} > 0`),
    index('fee_due_summaries_student_idx').on(t.instituteId, t.studentId),
  ],
);
