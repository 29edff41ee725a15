import type { RegisterEntry, RegisterQuery } from '@schooliko/common/fees/concessions';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import type { Actor } from '../../kit/scope';
import { findStudent } from '../students';

// The concession register (issue 14 item 10): every amount a rule or request applied, with who
// proposed, approved and applied it; its page and its export. Rules and requests themselves are
// concessions.service.ts's.

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** The register's rows whose ids `ids` selects, with what the register shows of them. */
const registerFrom = (i: string, ids: SQL) => sql`
  from (${ids}) p
  join concession_register g on g.institute_id = ${i} and g.id = p.id
  join students s on s.institute_id = g.institute_id and s.id = g.student_id
  join fee_dues d on d.institute_id = g.institute_id and d.id = g.due_id
  join fee_heads h on h.institute_id = g.institute_id and h.id = d.head_id
  left join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
  left join classes c on c.institute_id = sec.institute_id and c.id = sec.class_id
  left join users u on u.id = g.applied_by
  left join concession_requests q on q.institute_id = g.institute_id and q.id = g.request_id
  left join concession_rules r on r.institute_id = g.institute_id and r.id = g.rule_id
  left join concession_rule_students rs on rs.institute_id = g.institute_id and rs.rule_id = g.rule_id
    and rs.student_id = g.student_id
  left join users pu on pu.id = coalesce(q.requested_by, rs.proposed_by, r.proposed_by)
  left join users au on au.id = coalesce(q.reviewed_by, rs.reviewed_by, r.reviewed_by)
  where g.institute_id = ${i}`;

/** The register's rows the filters match (id, amount, when), joined only to what the filters read. */
function registerMatched(
  i: string,
  q: Omit<RegisterQuery, 'page' | 'limit' | 'order' | 'search'> & { search?: string },
) {
  const bySection = Boolean(q.class_id);
  const byStudent = bySection || Boolean(q.search);
  return sql`
    select g.id, g.amount_paise, g.applied_at from concession_register g
    ${byStudent ? sql`join students s on s.institute_id = g.institute_id and s.id = g.student_id` : sql``}
    ${bySection ? sql`join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id` : sql``}
    ${q.head_id ? sql`join fee_dues d on d.institute_id = g.institute_id and d.id = g.due_id` : sql``}
    where g.institute_id = ${i}
      ${q.student_id ? sql`and g.student_id = ${q.student_id}::uuid` : sql``}
      ${q.class_id ? sql`and sec.class_id = ${q.class_id}::uuid` : sql``}
      ${q.basis ? sql`and g.basis = ${q.basis}` : sql``}
      ${q.head_id ? sql`and d.head_id = ${q.head_id}::uuid` : sql``}
      ${q.search ? sql`and (s.first_name || ' ' || s.last_name ilike ${containsPattern(q.search)} or s.admission_no ilike ${containsPattern(q.search)})` : sql``}`;
}

const registerColumns = sql`g.id, g.student_id, trim(s.first_name || ' ' || s.last_name) as student_name,
  s.admission_no, coalesce(c.name || '-' || sec.name, '') as class_label, g.due_id,
  h.name as head_name, d.instalment, g.amount_paise, g.basis,
  coalesce(trim(pu.first_name || ' ' || pu.last_name), '') as proposed_by,
  coalesce(trim(au.first_name || ' ' || au.last_name), '') as approved_by,
  coalesce(trim(u.first_name || ' ' || u.last_name), '') as applied_by, g.applied_at`;

const asEntry = (r: RegisterEntry) => ({
  ...r,
  amount_paise: Number(r.amount_paise),
  applied_at: iso(r.applied_at),
});

/**
 * The concession register (issue 14 item 10): every amount applied, newest first, filtered by
 * student, class, basis or head, a page at a time, with the total of all that match.
 */
export async function listRegister(tx: Db, actor: Actor, query: RegisterQuery) {
  const i = actor.institute.id;
  if (query.student_id) await findStudent(tx, actor, query.student_id);
  const offset = (query.page - 1) * query.limit;
  // The rows the filters match, joined only to what the filters read; their count and sum; then the
  // page's rows get their names. Joining every column to every row before the page cost more than
  // 3 s at 100,000 pupils (88,516 rows, issue 33).
  const found = rowsOf<RegisterEntry & { total: string; total_paise: string }>(
    await tx.execute(sql`
      with totals as (select count(*) as total, coalesce(sum(amount_paise), 0) as total_paise
        from (${registerMatched(i, query)}) m),
      -- Read once, whatever the planner believes of the tables' sizes (an inlined page was walked
      -- again for every row when statistics said a table was nearly empty).
      page as materialized (select id from (${registerMatched(i, query)}) m
        order by applied_at desc, id limit ${query.limit} offset ${offset})
      select ${registerColumns}, (select total from totals) as total,
        (select total_paise from totals) as total_paise
      ${registerFrom(i, sql`select id from page`)}
      order by g.applied_at desc, g.id`),
  );
  let total = Number(found[0]?.total ?? 0);
  let totalPaise = Number(found[0]?.total_paise ?? 0);
  if (found.length === 0 && query.page > 1) {
    const [all] = rowsOf<{ n: string; paise: string }>(
      await tx.execute(
        sql`select count(*) as n, coalesce(sum(amount_paise), 0) as paise from (${registerMatched(i, query)}) m`,
      ),
    );
    total = Number(all?.n ?? 0);
    totalPaise = Number(all?.paise ?? 0);
  }
  return {
    items: found.map(({ total: _t, total_paise: _p, ...r }) => asEntry(r)),
    pagination: { page: query.page, limit: query.limit, total, hasMore: offset + found.length < total },
    total_paise: totalPaise,
  };
}

/** The register's rows the filters match, for its export (oldest first, in pages of 1,000). */
export async function* registerMatching(
  tx: Db,
  actor: Actor,
  query: Omit<RegisterQuery, 'page' | 'limit' | 'order'>,
) {
  const i = actor.institute.id;
  const from = registerFrom(i, sql`select id from (${registerMatched(i, query)}) m`);
  for (let offset = 0; ; offset += 1000) {
    const page = rowsOf<RegisterEntry>(
      await tx.execute(
        sql`select ${registerColumns} ${from} order by g.applied_at, g.id limit 1000 offset ${offset}`,
      ),
    );
    for (const r of page) yield asEntry(r);
    if (page.length < 1000) return;
  }
}
