import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { inInstitute } from '../../kit/scope';

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
  // The rows removed and written, netted by key, are appended to the kept totals (fee_due_totals).
  await tx.execute(sql`
    with picked as (select array(${which}) as ids),
    gone as (
      delete from fee_due_summaries x
      where x.institute_id = ${instituteId} and x.student_id = any((select ids from picked)::uuid[])
      returning x.instalment, x.from_on, x.until_on, x.oldest_due_on, x.overdue_paise),
    open as (
      select d.student_id, d.instalment, d.due_on, d.seq, d.balance_paise
      from unnest((select ids from picked)::uuid[]) p(id)
      cross join lateral (select * from fee_dues d where d.institute_id = ${instituteId} and d.student_id = p.id
        and d.balance_paise > 0 and not d.cancelled) d),
    days as (
      select student_id, '' as scope, due_on, sum(balance_paise) as paise from open group by student_id, due_on
      union all
      select student_id, instalment, due_on, sum(balance_paise) from open group by student_id, instalment, due_on),
    written as (
      insert into fee_due_summaries (institute_id, student_id, instalment, from_on, until_on,
        overdue_paise, oldest_due_on)
      select ${instituteId}, student_id, scope, due_on,
        coalesce(lead(due_on) over w, 'infinity'::date), sum(paise) over w, min(due_on) over w
      from days
      window w as (partition by student_id, scope order by due_on)
      returning instalment, from_on, until_on, oldest_due_on, overdue_paise),
    changes as (
      select instalment, from_on, until_on, oldest_due_on, -1 as students, -overdue_paise as paise
        from gone where overdue_paise > 0
      union all
      select instalment, from_on, until_on, oldest_due_on, 1, overdue_paise from written where overdue_paise > 0)
    insert into fee_due_totals (institute_id, instalment, from_on, until_on, oldest_due_on, students,
      overdue_paise)
    select ${instituteId}, instalment, from_on, until_on, oldest_due_on, sum(students), sum(paise)
    from changes group by instalment, from_on, until_on, oldest_due_on
    having sum(students) <> 0 or sum(paise) <> 0`);
}

/**
 * Folds an institute's kept totals (fee_due_totals) into one row a key, dropping the keys that net
 * to nothing; its figures are unchanged. Rows appended meanwhile by other transactions are not
 * seen and stay as they are. One compaction at a time an institute (a second one skips).
 */
export async function compactDueTotals(tx: Db, instituteId: string): Promise<void> {
  await tx.execute(sql`
    with turn as (select pg_try_advisory_xact_lock(hashtext('fee_due_totals'), hashtext(${instituteId})) as mine),
    gone as (
      delete from fee_due_totals t
      where t.institute_id = ${instituteId} and (select mine from turn)
      returning t.instalment, t.from_on, t.until_on, t.oldest_due_on, t.students, t.overdue_paise)
    insert into fee_due_totals (institute_id, instalment, from_on, until_on, oldest_due_on, students,
      overdue_paise)
    select ${instituteId}, instalment, from_on, until_on, oldest_due_on, sum(students), sum(overdue_paise)
    from gone group by instalment, from_on, until_on, oldest_due_on
    having sum(students) <> 0 or sum(overdue_paise) <> 0`);
}

/**
 * The fees module's hourly work: compacts the kept totals of each institute that has rows to fold
 * (more rows than keys), each in a transaction of its own.
 */
export async function compactAllDueTotals(db: Db): Promise<void> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`select institute_id as id from fee_due_totals group by institute_id
      having count(*) > count(distinct (instalment, from_on, until_on, oldest_due_on))`),
  );
  for (const { id } of due) await inInstitute(db, id, (tx) => compactDueTotals(tx, id));
}
