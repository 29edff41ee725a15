import {
  CONCESSION_MESSAGES,
  type ConcessionRequest,
  type ConcessionRequestInput,
  type ConcessionRule,
  type ConcessionRuleInput,
  type ConcessionRulePatch,
  type RegisterEntry,
  type RegisterQuery,
} from '@schooliko/common/fees/concessions';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { findStudent } from '../students';
import { applyGrants, ruleGrants } from './concessions.apply';
import { concessionRequests, concessionRuleStudents, concessionRules } from './concessions.table';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** The institute's concession rules with how many students each names and what it has applied. */
export async function listRules(tx: Db, actor: Actor): Promise<ConcessionRule[]> {
  const i = actor.institute.id;
  const found = rows<ConcessionRule>(
    await tx.execute(sql`
      select r.id, r.name, r.basis, r.sibling_rank, r.head_id, h.name as head_name, r.kind, r.value::int as value,
        (select count(*) from concession_rule_students rs where rs.institute_id = ${i} and rs.rule_id = r.id)::int as students,
        (select coalesce(sum(g.amount_paise), 0) from concession_register g where g.institute_id = ${i} and g.rule_id = r.id)::bigint as applied_paise,
        r.active, exists (select 1 from concession_register g where g.institute_id = ${i} and g.rule_id = r.id) as used
      from concession_rules r left join fee_heads h on h.institute_id = r.institute_id and h.id = r.head_id
      where r.institute_id = ${i} order by r.created_at, r.id`),
  );
  return found.map((r) => ({ ...r, applied_paise: Number(r.applied_paise) }));
}

/** Adds a rule and applies it at once to every open balance it matches. */
export async function createRule(tx: Db, actor: Actor, input: ConcessionRuleInput): Promise<ConcessionRule> {
  const [rule] = await tx
    .insert(concessionRules)
    .values({
      instituteId: actor.institute.id,
      name: input.name,
      basis: input.basis,
      siblingRank: input.basis === 'sibling' ? input.sibling_rank : null,
      headId: input.head_id,
      kind: input.kind,
      value: input.value,
      createdBy: actor.userId,
    })
    .returning({ id: concessionRules.id });
  if (!rule) throw new Error('rule not added');
  await applyRule(tx, actor, rule.id);
  return ruleById(tx, actor, rule.id);
}

async function ruleById(tx: Db, actor: Actor, id: string) {
  const rule = (await listRules(tx, actor)).find((r) => r.id === id);
  if (!rule) throw httpError(404, CONCESSION_MESSAGES.ruleNotFound);
  return rule;
}

const applyRule = (tx: Db, actor: Actor, ruleId: string) =>
  applyGrants(
    tx,
    actor.institute.id,
    ruleGrants(actor.institute.id, sql`true`, sql`r.id = ${ruleId}::uuid`),
    sql`true`,
    actor.userId,
  );

/** Names the students of a staff-ward or merit rule (added to those named) and applies it to them. */
export async function addRuleStudents(tx: Db, actor: Actor, ruleId: string, studentIds: string[]) {
  const rule = await ruleById(tx, actor, ruleId);
  for (const id of studentIds) await findStudent(tx, actor, id);
  if (studentIds.length)
    await tx
      .insert(concessionRuleStudents)
      .values(
        studentIds.map((studentId) => ({ instituteId: actor.institute.id, ruleId: rule.id, studentId })),
      )
      .onConflictDoNothing();
  await applyRule(tx, actor, rule.id);
  return ruleById(tx, actor, rule.id);
}

const requestColumns = (i: string) => sql`
  select q.id, q.student_id, trim(s.first_name || ' ' || s.last_name) as student_name, q.head_id,
    h.name as head_name, q.kind, q.value::int as value, q.reason, q.state,
    trim(coalesce(ru.first_name, '') || ' ' || coalesce(ru.last_name, '')) as requested_by,
    case when q.reviewed_by is null then null else trim(coalesce(vu.first_name, '') || ' ' || coalesce(vu.last_name, '')) end as reviewed_by,
    (select coalesce(sum(g.amount_paise), 0) from concession_register g where g.institute_id = ${i} and g.request_id = q.id)::bigint as applied_paise,
    q.created_at
  from concession_requests q
  join students s on s.institute_id = q.institute_id and s.id = q.student_id
  left join fee_heads h on h.institute_id = q.institute_id and h.id = q.head_id
  left join users ru on ru.id = q.requested_by
  left join users vu on vu.id = q.reviewed_by
  where q.institute_id = ${i}`;

const asRequest = (r: ConcessionRequest) => ({
  ...r,
  applied_paise: Number(r.applied_paise),
  created_at: iso(r.created_at),
});

export async function listRequests(tx: Db, actor: Actor): Promise<ConcessionRequest[]> {
  const i = actor.institute.id;
  return rows<ConcessionRequest>(
    await tx.execute(
      sql`${requestColumns(i)} order by q.state = 'pending' desc, q.created_at desc limit 200`,
    ),
  ).map(asRequest);
}

async function requestById(tx: Db, actor: Actor, id: string) {
  const [found] = rows<ConcessionRequest>(
    await tx.execute(sql`${requestColumns(actor.institute.id)} and q.id = ${id}::uuid`),
  );
  if (!found) throw httpError(404, CONCESSION_MESSAGES.requestNotFound);
  return asRequest(found);
}

/** An ad-hoc concession for one student: pending until an admin approves it. */
export async function createRequest(tx: Db, actor: Actor, input: ConcessionRequestInput) {
  const student = await findStudent(tx, actor, input.student_id);
  const [row] = await tx
    .insert(concessionRequests)
    .values({
      instituteId: actor.institute.id,
      studentId: student.id,
      headId: input.head_id,
      kind: input.kind,
      value: input.value,
      reason: input.reason,
      requestedBy: actor.userId,
    })
    .returning({ id: concessionRequests.id });
  if (!row) throw new Error('request not added');
  return requestById(tx, actor, row.id);
}

/**
 * Approves (applying it to the student's open balances in this transaction) or rejects a pending
 * request. The row is locked: two reviewers at once see one pending request, the second a 409.
 */
export async function reviewRequest(
  tx: Db,
  actor: Actor,
  id: string,
  decision: 'approved' | 'rejected',
  note: string,
) {
  const i = actor.institute.id;
  const [request] = await tx
    .select()
    .from(concessionRequests)
    .where(and(eq(concessionRequests.instituteId, i), eq(concessionRequests.id, id)))
    .for('update');
  if (!request) throw httpError(404, CONCESSION_MESSAGES.requestNotFound);
  if (request.state !== 'pending') throw httpError(409, CONCESSION_MESSAGES.requestReviewed);
  await tx
    .update(concessionRequests)
    .set({ state: decision, reviewedBy: actor.userId, reviewNote: note, reviewedAt: new Date() })
    .where(and(eq(concessionRequests.instituteId, i), eq(concessionRequests.id, id)));
  if (decision === 'approved')
    await applyGrants(
      tx,
      i,
      sql`select null::uuid as rule_id, ${request.id}::uuid as request_id, 'ad_hoc' as basis,
        ${request.headId}::uuid as head_id, ${request.kind} as kind, ${request.value}::bigint as value,
        ${request.studentId}::uuid as student_id`,
      sql`true`,
      actor.userId,
    );
  return requestById(tx, actor, id);
}

const registerFrom = (
  i: string,
  q: Omit<RegisterQuery, 'page' | 'limit' | 'order' | 'search'> & { search?: string },
) => sql`
  from concession_register g
  join students s on s.institute_id = g.institute_id and s.id = g.student_id
  join fee_dues d on d.institute_id = g.institute_id and d.id = g.due_id
  join fee_heads h on h.institute_id = g.institute_id and h.id = d.head_id
  left join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
  left join classes c on c.institute_id = sec.institute_id and c.id = sec.class_id
  left join users u on u.id = g.applied_by
  where g.institute_id = ${i}
    ${q.student_id ? sql`and g.student_id = ${q.student_id}::uuid` : sql``}
    ${q.class_id ? sql`and sec.class_id = ${q.class_id}::uuid` : sql``}
    ${q.basis ? sql`and g.basis = ${q.basis}` : sql``}
    ${q.head_id ? sql`and d.head_id = ${q.head_id}::uuid` : sql``}
    ${q.search ? sql`and (s.first_name || ' ' || s.last_name ilike ${containsPattern(q.search)} or s.admission_no ilike ${containsPattern(q.search)})` : sql``}`;

const registerColumns = sql`g.id, g.student_id, trim(s.first_name || ' ' || s.last_name) as student_name,
  s.admission_no, coalesce(c.name || '-' || sec.name, '') as class_label, g.due_id,
  h.name as head_name, d.instalment, g.amount_paise, g.basis,
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
  const from = registerFrom(i, query);
  const offset = (query.page - 1) * query.limit;
  const found = rows<RegisterEntry & { total: string; total_paise: string }>(
    await tx.execute(sql`
      select ${registerColumns}, count(*) over() as total, sum(g.amount_paise) over() as total_paise ${from}
      order by g.applied_at desc, g.id limit ${query.limit} offset ${offset}`),
  );
  let total = Number(found[0]?.total ?? 0);
  let totalPaise = Number(found[0]?.total_paise ?? 0);
  if (found.length === 0 && query.page > 1) {
    const [all] = rows<{ n: string; paise: string }>(
      await tx.execute(sql`select count(*) as n, coalesce(sum(g.amount_paise), 0) as paise ${from}`),
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
  const from = registerFrom(actor.institute.id, query);
  for (let offset = 0; ; offset += 1000) {
    const page = rows<RegisterEntry>(
      await tx.execute(
        sql`select ${registerColumns} ${from} order by g.applied_at, g.id limit 1000 offset ${offset}`,
      ),
    );
    for (const r of page) yield asEntry(r);
    if (page.length < 1000) return;
  }
}

async function lockRule(tx: Db, actor: Actor, id: string) {
  const [rule] = await tx
    .select()
    .from(concessionRules)
    .where(and(eq(concessionRules.instituteId, actor.institute.id), eq(concessionRules.id, id)))
    .for('update');
  if (!rule) throw httpError(404, CONCESSION_MESSAGES.ruleNotFound);
  return rule;
}

const ruleUsed = async (tx: Db, instituteId: string, id: string) =>
  rows(
    await tx.execute(
      sql`select 1 from concession_register where institute_id = ${instituteId} and rule_id = ${id}::uuid limit 1`,
    ),
  ).length > 0;

/**
 * Changes a rule: its name always; its amount, percentage or head only while no due has used it
 * (409 after: the register must keep meaning what it says; deactivate and add a new rule). A
 * changed amount applies at once to the open balances it matches.
 */
export async function updateRule(tx: Db, actor: Actor, id: string, patch: ConcessionRulePatch) {
  const rule = await lockRule(tx, actor, id);
  if (!rule.active) throw httpError(409, CONCESSION_MESSAGES.ruleInactive);
  const amountChanges =
    (patch.kind !== undefined && patch.kind !== rule.kind) ||
    (patch.value !== undefined && patch.value !== rule.value) ||
    (patch.head_id !== undefined && patch.head_id !== rule.headId);
  if (amountChanges && (await ruleUsed(tx, actor.institute.id, id)))
    throw httpError(409, CONCESSION_MESSAGES.ruleUsed);
  const kind = patch.kind ?? rule.kind;
  const value = patch.value ?? rule.value;
  if (kind === 'percent' && value > 100)
    throw httpError(400, CONCESSION_MESSAGES.ruleValue, { value: CONCESSION_MESSAGES.ruleValue });
  await tx
    .update(concessionRules)
    .set({
      name: patch.name ?? rule.name,
      kind,
      value,
      headId: patch.head_id === undefined ? rule.headId : patch.head_id,
    })
    .where(and(eq(concessionRules.instituteId, actor.institute.id), eq(concessionRules.id, id)));
  if (amountChanges) await applyRule(tx, actor, id);
  return ruleById(tx, actor, id);
}

/** Deactivates a rule (never deleted): no new due gets it; what it already gave stays. */
export async function deactivateRule(tx: Db, actor: Actor, id: string) {
  await lockRule(tx, actor, id);
  await tx
    .update(concessionRules)
    .set({ active: false })
    .where(and(eq(concessionRules.instituteId, actor.institute.id), eq(concessionRules.id, id)));
  return ruleById(tx, actor, id);
}
