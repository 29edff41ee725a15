import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshDueSummaries } from './dues-summary.service';

/**
 * Applies concessions to dues, set-based, in the caller's transaction. `grants` answers one row
 * per (grant, student): rule_id or request_id, basis, head_id (null: every head), kind, value,
 * student_id. Each matching due (not cancelled, not a fine) gets what the grant allows (a
 * percentage of the due or a fixed amount), never more than the due's balance (several grants on
 * one due share that room in order), once per (grant, due): every amount is a register row and
 * the due's `concession_paise` grows by it. Answers how many register rows were added.
 */
export async function applyGrants(
  tx: Db,
  instituteId: string,
  grants: SQL,
  dues: SQL,
  appliedBy: string | null,
): Promise<number> {
  const result = await tx.execute(sql`
    with grants as materialized (${grants}),
    target as (
      select d.id as due_id, d.student_id, g.rule_id, g.request_id, g.basis,
        least(case when g.kind = 'percent' then (d.amount_paise * g.value) / 100 else g.value end,
          d.amount_paise) as want,
        d.amount_paise - d.concession_paise - d.paid_paise as room,
        coalesce(g.rule_id, g.request_id) as grant_id
      from grants g
      -- Each grant's own student's dues, by the student index: the work grows with the students
      -- granted, not with the institute's dues (issue 33), whatever the statistics say.
      cross join lateral (select d.* from fee_dues d where d.institute_id = ${instituteId}
        and d.student_id = g.student_id and (g.head_id is null or d.head_id = g.head_id)
        and not d.cancelled and ${dues}) d
      join fee_heads h on h.institute_id = d.institute_id and h.id = d.head_id and h.category <> 'fine'
      where not exists (select 1 from concession_register r where r.institute_id = ${instituteId}
          and r.due_id = d.id and (r.rule_id = g.rule_id or r.request_id = g.request_id))),
    shared as (
      select *, least(want, greatest(room - coalesce(sum(want) over (partition by due_id order by grant_id
        rows between unbounded preceding and 1 preceding), 0), 0)) as amount
      from target),
    registered as (
      insert into concession_register (institute_id, student_id, due_id, amount_paise, basis, rule_id, request_id, applied_by)
      select ${instituteId}, student_id, due_id, amount, basis, rule_id, request_id, ${appliedBy}::uuid
      from shared where amount > 0
      returning due_id, amount_paise),
    summed as (select due_id, sum(amount_paise) as amount from registered group by due_id),
    updated as (
      update fee_dues d set concession_paise = d.concession_paise + s.amount
      from summed s where d.institute_id = ${instituteId} and d.id = s.due_id
      returning 1)
    select (select count(*) from registered)::int as n, (select count(*) from updated)::int as u,
      (select coalesce(array_agg(distinct student_id), '{}') from shared where amount > 0) as students`);
  const [row] = (result as unknown as { rows: { n: number; students: string[] | string }[] }).rows;
  await refreshDueSummaries(tx, instituteId, uuids(row?.students));
  return Number(row?.n ?? 0);
}

/**
 * The approved, active rules' grants for the students `students` selects (a fragment on `s`, as
 * billing's): RTE seats by the student's flag, siblings by their place among the family's
 * enrolled children (eldest first), staff wards and merit by the approved students the rule names.
 */
export function ruleGrants(instituteId: string, students: SQL, rules: SQL = sql`true`): SQL {
  return sql`
    select r.id as rule_id, null::uuid as request_id, r.basis, r.head_id, r.kind, r.value, s.id as student_id
    from concession_rules r
    join students s on s.institute_id = r.institute_id
    left join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
    where r.institute_id = ${instituteId} and r.active and r.approval = 'approved' and s.status = 'enrolled'
      and ${students} and ${rules}
      and case r.basis
        when 'rte' then s.rte
        when 'sibling' then s.family_id is not null and r.sibling_rank = (
          select count(*) from students o where o.institute_id = s.institute_id and o.family_id = s.family_id
            and o.status = 'enrolled' and (o.date_of_birth, o.id) <= (s.date_of_birth, s.id))
        else exists (select 1 from concession_rule_students rs where rs.institute_id = r.institute_id
          and rs.rule_id = r.id and rs.student_id = s.id and rs.approval = 'approved') end`;
}

/** New dues get the rules' concessions (billing calls this after inserting them). */
export const applyRulesTo = (tx: Db, instituteId: string, students: SQL) =>
  applyGrants(tx, instituteId, ruleGrants(instituteId, students), sql`true`, null);

/** A uuid[] as the driver hands it: an array (PostgreSQL) or its text '{a,b}' (PGlite). */
function uuids(value: string[] | string | undefined): string[] {
  if (Array.isArray(value)) return value;
  return value && value !== '{}' ? value.slice(1, -1).split(',') : [];
}
