import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Recomputes the defaulter list's summary rows (fee_due_summaries) of some students from their
 * dues as they now stand, in the caller's transaction. Every path that changes fee_dues (billing,
 * posting and cancelling payments, fines, concessions, …) calls it for the students it touched,
 * after its change. `students` is a list of ids, or a condition on `s` (a row of `students`) and
 * `sec` (its section), as billing's fragments are.
 *
 * Set-based: the students' open dues (balance above zero, not cancelled), for all instalments
 * ('') and for each instalment, one row per distinct due date D: the balance and oldest due date
 * of the dues due on or before D (what is overdue on every day after D up to the next due date,
 * inclusive).
 */
export async function refreshDueSummaries(
  tx: Db,
  instituteId: string,
  students: readonly string[] | SQL,
): Promise<void> {
  const which = Array.isArray(students)
    ? students.length === 0
      ? undefined
      : sql`select unnest(${`{${students.join(',')}}`}::uuid[])`
    : sql`select s.id from students s
        left join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
        where s.institute_id = ${instituteId} and (${students as SQL})`;
  if (!which) return;
  // One refresh of a student at a time, each reading what the one before it committed: two
  // transactions changing different dues of one student must not both write the rows.
  await tx.execute(sql`select 1 from students s where s.institute_id = ${instituteId}
    and s.id in (${which}) order by s.id for no key update of s`);
  // The students as an array, so both tables are read by their student index whatever the
  // statistics say: the work grows with the students refreshed, not with the institute (issue 33).
  await tx.execute(sql`
    with picked as (select array(${which}) as ids),
    gone as (
      delete from fee_due_summaries x
      where x.institute_id = ${instituteId} and x.student_id = any((select ids from picked)::uuid[])),
    open as (
      select d.student_id, d.instalment, d.due_on, d.seq, d.balance_paise
      from unnest((select ids from picked)::uuid[]) p(id)
      cross join lateral (select * from fee_dues d where d.institute_id = ${instituteId} and d.student_id = p.id
        and d.balance_paise > 0 and not d.cancelled) d),
    days as (
      select student_id, '' as scope, due_on, sum(balance_paise) as paise from open group by student_id, due_on
      union all
      select student_id, instalment, due_on, sum(balance_paise) from open group by student_id, instalment, due_on)
    insert into fee_due_summaries (institute_id, student_id, instalment, from_on, until_on,
      overdue_paise, oldest_due_on)
    select ${instituteId}, student_id, scope, due_on,
      coalesce(lead(due_on) over w, 'infinity'::date), sum(paise) over w, min(due_on) over w
    from days
    window w as (partition by student_id, scope order by due_on)`);
}
