import {
  CONCESSION_MESSAGES,
  type ConcessionRequest,
  type ConcessionRequestInput,
  type ConcessionRule,
  type ConcessionRuleInput,
  type ConcessionRulePatch,
} from '@schooliko/common/fees/concessions';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { findStudent } from '../students';
import { applyGrants, ruleGrants } from './concessions.apply';
import { concessionRequests, concessionRuleStudents, concessionRules } from './concessions.table';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/**
 * The institute's concession rules with how many students each names, what each has applied and
 * what waits for approval: the rule itself, or students named on it, with who proposed them.
 */
export async function listRules(tx: Db, actor: Actor): Promise<ConcessionRule[]> {
  const i = actor.institute.id;
  const names = (approval: string) =>
    sql`(select count(*) from concession_rule_students rs where rs.institute_id = ${i} and rs.rule_id = r.id and rs.approval = ${approval})::int`;
  const found = rowsOf<ConcessionRule>(
    await tx.execute(sql`
      select r.id, r.name, r.basis, r.sibling_rank, r.head_id, h.name as head_name, r.kind, r.value::int as value,
        ${names('approved')} as students, ${names('pending')} as pending_students,
        (select coalesce(sum(g.amount_paise), 0) from concession_register g where g.institute_id = ${i} and g.rule_id = r.id)::bigint as applied_paise,
        r.active, exists (select 1 from concession_register g where g.institute_id = ${i} and g.rule_id = r.id) as used,
        r.approval, nullif(trim(coalesce(pu.first_name, '') || ' ' || coalesce(pu.last_name, '')), '') as proposed_by,
        (r.approval = 'pending' and r.proposed_by = ${actor.userId}::uuid) or exists (select 1 from concession_rule_students rs
          where rs.institute_id = ${i} and rs.rule_id = r.id and rs.approval = 'pending' and rs.proposed_by = ${actor.userId}::uuid) as proposed_by_me,
        nullif(trim(coalesce(vu.first_name, '') || ' ' || coalesce(vu.last_name, '')), '') as reviewed_by
      from concession_rules r left join fee_heads h on h.institute_id = r.institute_id and h.id = r.head_id
      left join users pu on pu.id = case when r.approval = 'pending' then r.proposed_by else (
        select rs.proposed_by from concession_rule_students rs where rs.institute_id = ${i} and rs.rule_id = r.id
          and rs.approval = 'pending' order by rs.proposed_at desc limit 1) end
      left join users vu on vu.id = r.reviewed_by
      where r.institute_id = ${i} order by r.created_at, r.id`),
  );
  return found.map((r) => ({ ...r, applied_paise: Number(r.applied_paise) }));
}

/** Adds a rule, waiting for approval: nothing is set aside until someone else approves it. */
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
      proposedBy: actor.userId,
    })
    .returning({ id: concessionRules.id });
  if (!rule) throw new Error('rule not added');
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

/**
 * Names students of a staff-ward or merit rule (added to those named), waiting for approval; a
 * student named before and rejected is proposed again.
 */
export async function addRuleStudents(tx: Db, actor: Actor, ruleId: string, studentIds: string[]) {
  const rule = await ruleById(tx, actor, ruleId);
  for (const id of studentIds) await findStudent(tx, actor, id);
  const proposed = { approval: 'pending' as const, proposedBy: actor.userId, proposedAt: new Date() };
  if (studentIds.length)
    await tx
      .insert(concessionRuleStudents)
      .values(
        studentIds.map((studentId) => ({
          instituteId: actor.institute.id,
          ruleId: rule.id,
          studentId,
          ...proposed,
        })),
      )
      .onConflictDoUpdate({
        target: [
          concessionRuleStudents.instituteId,
          concessionRuleStudents.ruleId,
          concessionRuleStudents.studentId,
        ],
        set: { ...proposed, reviewedBy: null, reviewedAt: null },
        setWhere: eq(concessionRuleStudents.approval, 'rejected'),
      });
  return ruleById(tx, actor, rule.id);
}

/**
 * Approves (applying the rule to the open balances it matches, in this transaction) or rejects
 * what of a rule waits: the rule itself (new, or its amount changed) and the students named on
 * it. Never by who proposed any of it (403): a waiver takes two people (issue 27).
 */
export async function reviewRule(tx: Db, actor: Actor, id: string, decision: 'approved' | 'rejected') {
  const i = actor.institute.id;
  const rule = await lockRule(tx, actor, id);
  const waiting = and(
    eq(concessionRuleStudents.instituteId, i),
    eq(concessionRuleStudents.ruleId, id),
    eq(concessionRuleStudents.approval, 'pending'),
  );
  const names = await tx
    .select({ proposedBy: concessionRuleStudents.proposedBy })
    .from(concessionRuleStudents)
    .where(waiting)
    .for('update');
  const ruleWaits = rule.approval === 'pending';
  if (!ruleWaits && names.length === 0) throw httpError(409, CONCESSION_MESSAGES.nothingPending);
  if (decision === 'approved' && !rule.active) throw httpError(409, CONCESSION_MESSAGES.ruleInactive);
  const proposers = [...(ruleWaits ? [rule.proposedBy] : []), ...names.map((n) => n.proposedBy)];
  if (proposers.includes(actor.userId)) throw httpError(403, CONCESSION_MESSAGES.selfApproval);
  const reviewed = { approval: decision, reviewedBy: actor.userId, reviewedAt: new Date() };
  if (ruleWaits)
    await tx
      .update(concessionRules)
      .set(reviewed)
      .where(and(eq(concessionRules.instituteId, i), eq(concessionRules.id, id)));
  if (names.length) await tx.update(concessionRuleStudents).set(reviewed).where(waiting);
  if (decision === 'approved') await applyRule(tx, actor, id);
  return ruleById(tx, actor, id);
}

const requestColumns = (i: string, me: string) => sql`
  select q.id, q.student_id, trim(s.first_name || ' ' || s.last_name) as student_name, q.head_id,
    h.name as head_name, q.kind, q.value::int as value, q.reason, q.state,
    trim(coalesce(ru.first_name, '') || ' ' || coalesce(ru.last_name, '')) as requested_by,
    q.requested_by = ${me}::uuid as requested_by_me,
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
  return rowsOf<ConcessionRequest>(
    await tx.execute(
      sql`${requestColumns(i, actor.userId)} order by q.state = 'pending' desc, q.created_at desc limit 200`,
    ),
  ).map(asRequest);
}

async function requestById(tx: Db, actor: Actor, id: string) {
  const [found] = rowsOf<ConcessionRequest>(
    await tx.execute(sql`${requestColumns(actor.institute.id, actor.userId)} and q.id = ${id}::uuid`),
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
 * request, never the requester's own (403). The row is locked: two reviewers at once see one
 * pending request, the second a 409.
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
  if (request.requestedBy === actor.userId) throw httpError(403, CONCESSION_MESSAGES.selfApproval);
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
  rowsOf(
    await tx.execute(
      sql`select 1 from concession_register where institute_id = ${instituteId} and rule_id = ${id}::uuid limit 1`,
    ),
  ).length > 0;

/**
 * Changes a rule: its name always; its amount, percentage or head only while no due has used it
 * (409 after: the register must keep meaning what it says; deactivate and add a new rule). A
 * changed amount waits for approval, as a new rule does.
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
  // A new amount waits for approval as a new rule does (issue 27).
  const proposed = amountChanges
    ? { approval: 'pending' as const, proposedBy: actor.userId, reviewedBy: null, reviewedAt: null }
    : {};
  await tx
    .update(concessionRules)
    .set({
      name: patch.name ?? rule.name,
      kind,
      value,
      headId: patch.head_id === undefined ? rule.headId : patch.head_id,
      ...proposed,
    })
    .where(and(eq(concessionRules.instituteId, actor.institute.id), eq(concessionRules.id, id)));
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
