import type { ConcessionBasis, ConcessionKind } from '@schooliko/common/fees/concessions';
import type { FineSlab } from '@schooliko/common/fees/fine';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

const paise = (name: string) => bigint(name, { mode: 'number' });

type Approval = 'pending' | 'approved' | 'rejected';

/**
 * A concession rule: who (RTE seat, staff ward, sibling rank, merit) gets how much (a percentage or
 * a fixed amount per due) off which head (or, null, every head). Applied at billing and once
 * approved: a new rule, or one whose amount changed, waits for someone with fees:approve other
 * than its proposer (`proposed_by`: who made it, or who changed its amount) (issue 27).
 */
export const concessionRules = tenantTable('concession_rules', {
  name: text('name').notNull(),
  basis: text('basis').$type<Exclude<ConcessionBasis, 'ad_hoc'>>().notNull(),
  siblingRank: integer('sibling_rank'),
  headId: uuid('head_id'),
  kind: text('kind').$type<ConcessionKind>().notNull(),
  value: paise('value').notNull(),
  /** A rule is deactivated, never deleted: it then applies to no new due; what it gave stays. */
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  approval: text('approval').$type<Approval>().notNull().default('pending'),
  proposedBy: uuid('proposed_by'),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});
export type ConcessionRuleRow = typeof concessionRules.$inferSelect;

/** The students a staff-ward or merit rule names: each waits for approval as a new rule does. */
export const concessionRuleStudents = tenantTable(
  'concession_rule_students',
  {
    ruleId: uuid('rule_id').notNull(),
    studentId: uuid('student_id').notNull(),
    approval: text('approval').$type<Approval>().notNull().default('pending'),
    proposedBy: uuid('proposed_by'),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('concession_rule_students_idx').on(t.instituteId, t.ruleId, t.studentId)],
);

/** An ad-hoc concession for one student: asked by the office, applied when an admin approves. */
export const concessionRequests = tenantTable(
  'concession_requests',
  {
    studentId: uuid('student_id').notNull(),
    headId: uuid('head_id'),
    kind: text('kind').$type<ConcessionKind>().notNull(),
    value: paise('value').notNull(),
    reason: text('reason').notNull(),
    state: text('state').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: uuid('requested_by').notNull(),
    reviewedBy: uuid('reviewed_by'),
    reviewNote: text('review_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('concession_requests_state_idx').on(t.instituteId, t.state, t.createdAt)],
);

/**
 * Every concession applied to a due: by which rule or request, how much, by whom, when. Never
 * changed: a due's `concession_paise` is the sum of its rows. One row per (rule, due) at most, so
 * applying a rule again changes nothing.
 */
export const concessionRegister = tenantTable(
  'concession_register',
  {
    studentId: uuid('student_id').notNull(),
    dueId: uuid('due_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    basis: text('basis').$type<ConcessionBasis>().notNull(),
    ruleId: uuid('rule_id'),
    requestId: uuid('request_id'),
    appliedBy: uuid('applied_by'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('concession_register_rule_idx').on(t.instituteId, t.ruleId, t.dueId),
    uniqueIndex('concession_register_request_idx').on(t.instituteId, t.requestId, t.dueId),
    index('concession_register_student_idx').on(t.instituteId, t.studentId),
    // A due's grants so far: a grant is applied once per due (applyGrants).
    index('concession_register_due_idx').on(t.instituteId, t.dueId),
    // The register's pages, newest first, and its total, read off the index.
    index('concession_register_applied_idx').on(t.instituteId, t.appliedAt, t.id, t.amountPaise),
  ],
);

/** The RTE claim's setting: the State's per-child cost (one row per institute). */
export const rteSettings = tenantTable(
  'rte_settings',
  { perChildCostPaise: paise('per_child_cost_paise').notNull() },
  (t) => [uniqueIndex('rte_settings_idx').on(t.instituteId)],
);

/** A year's late-fine rule: grace days, slabs, cap, and the Fine head its dues are charged to. */
export const fineRules = tenantTable(
  'fine_rules',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    headId: uuid('head_id').notNull(),
    graceDays: integer('grace_days').notNull(),
    capPaise: paise('cap_paise').notNull().default(0),
    slabs: jsonb('slabs').$type<FineSlab[]>().notNull(),
    /** When the rule was first set: receipts from then on lock it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fine_rules_year_idx').on(t.instituteId, t.academicYearId)],
);

/** A fine charged as a due of the Fine head, for the due it was late on, as of a day. */
export const fineCharges = tenantTable(
  'fine_charges',
  {
    fineDueId: uuid('fine_due_id').notNull(),
    sourceDueId: uuid('source_due_id').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
  },
  (t) => [index('fine_charges_source_idx').on(t.instituteId, t.sourceDueId)],
);
