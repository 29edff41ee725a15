import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { optionalText } from '../profile';
import { MAX_AMOUNT_PAISE } from './fees';

/**
 * Concessions (issue 14 item 4): rules by basis (RTE seat, staff ward, sibling rank, merit) that
 * set a part of the dues aside, and ad-hoc concessions for one student that an admin approves.
 * Every amount applied is a row of the concession register. Nothing waives money until someone
 * with fees:approve other than its proposer approves it (issue 27): a new rule, a rule's new
 * amount, the students named on a rule, an ad-hoc concession.
 */
export const CONCESSION_MESSAGES = defineMessages('fees', {
  ruleSaved: 'Concession rule sent for approval',
  ruleNotFound: 'Concession rule not found',
  ruleRank: 'Give the child’s place among siblings (2 or more)',
  ruleValue: 'Percentage must be from 1 to 100',
  requestSent: 'Concession sent for approval',
  requestNotFound: 'Concession request not found',
  requestReviewed: 'This request has already been reviewed',
  requestApproved: 'Concession approved and applied',
  requestRejected: 'Concession request rejected',
  studentsSaved: 'Students of the rule sent for approval',
  ruleApproved: 'Concession rule approved and applied',
  ruleRejected: 'Concession rule rejected',
  nothingPending: 'Nothing of this rule awaits approval',
  selfApproval: 'Someone else must approve a concession you proposed',
  reasonNeeded: 'Please give the reason',
  rteSaved: 'RTE cost saved',
  ruleChanged: 'Concession rule saved',
  ruleChangedForApproval: 'Concession rule saved; it waits for approval',
  ruleUsed: 'This rule has been applied to dues: only its name can change; deactivate it instead',
  ruleDeactivated: 'Concession rule deactivated',
  ruleInactive: 'This rule is deactivated',
} as const);

export const CONCESSION_BASES = ['rte', 'staff_ward', 'sibling', 'merit'] as const;
export type ConcessionBasis = (typeof CONCESSION_BASES)[number] | 'ad_hoc';
export const CONCESSION_KINDS = ['percent', 'fixed'] as const;
export type ConcessionKind = (typeof CONCESSION_KINDS)[number];

/** A percentage (1–100) or a fixed amount in paise per due; for one head or (null) all heads. */
const amountFields = {
  head_id: z.uuid().nullable(),
  kind: z.enum(CONCESSION_KINDS),
  value: z.number().int().min(1).max(MAX_AMOUNT_PAISE),
};
const percentIsAtMost100 = (v: { kind: ConcessionKind; value: number }) =>
  v.kind === 'fixed' || v.value <= 100;

export const concessionRuleInputSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    basis: z.enum(CONCESSION_BASES),
    /** Sibling rules: the child's place among enrolled siblings, eldest first (2: second child). */
    sibling_rank: z.number().int().min(2).max(10).nullable().default(null),
    ...amountFields,
  })
  .refine(percentIsAtMost100, { error: CONCESSION_MESSAGES.ruleValue.error, path: ['value'] })
  .refine((v) => v.basis !== 'sibling' || v.sibling_rank !== null, {
    error: CONCESSION_MESSAGES.ruleRank.error,
    path: ['sibling_rank'],
  });
export type ConcessionRuleInput = z.output<typeof concessionRuleInputSchema>;

export const REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;

export const concessionRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  basis: z.enum(CONCESSION_BASES),
  sibling_rank: z.number().nullable(),
  head_id: z.uuid().nullable(),
  head_name: z.string().nullable(),
  kind: z.enum(CONCESSION_KINDS),
  value: z.number(),
  /** Staff-ward and merit rules: the students named. */
  students: z.number(),
  /** What the rule has set aside so far, in paise. */
  applied_paise: z.number(),
  /** A deactivated rule applies to no new due (what it gave stays in the register). */
  active: z.boolean(),
  /** Whether any due has used it: then only its name can change. */
  used: z.boolean(),
  /** The rule's own approval: a new rule, or one whose amount changed, waits (issue 27). */
  approval: z.enum(REQUEST_STATES),
  /** Students named on it who wait for approval. */
  pending_students: z.number(),
  /** Who proposed what waits (the rule, or its newest waiting students), and whether it was the caller. */
  proposed_by: z.string().nullable(),
  proposed_by_me: z.boolean(),
  reviewed_by: z.string().nullable(),
});
export type ConcessionRule = z.infer<typeof concessionRuleSchema>;

/** A rule's review: approving applies it (and its waiting students) at once. */
export const ruleReviewSchema = z.object({ decision: z.enum(['approved', 'rejected']) });

export const ruleStudentsSchema = z.object({ student_ids: z.array(z.uuid()).max(500) });

export const concessionRequestInputSchema = z
  .object({
    student_id: z.uuid(),
    reason: z.string().trim().min(3, CONCESSION_MESSAGES.reasonNeeded).max(200),
    ...amountFields,
  })
  .refine(percentIsAtMost100, { error: CONCESSION_MESSAGES.ruleValue.error, path: ['value'] });
export type ConcessionRequestInput = z.output<typeof concessionRequestInputSchema>;

export const concessionReviewSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: optionalText(200),
});

export const concessionRequestSchema = z.object({
  id: z.uuid(),
  student_id: z.uuid(),
  student_name: z.string(),
  head_id: z.uuid().nullable(),
  head_name: z.string().nullable(),
  kind: z.enum(CONCESSION_KINDS),
  value: z.number(),
  reason: z.string(),
  state: z.enum(REQUEST_STATES),
  requested_by: z.string(),
  /** Whether the caller asked for it: then someone else must review it. */
  requested_by_me: z.boolean(),
  reviewed_by: z.string().nullable(),
  applied_paise: z.number(),
  created_at: z.string(),
});
export type ConcessionRequest = z.infer<typeof concessionRequestSchema>;

export const registerEntrySchema = z.object({
  id: z.uuid(),
  student_id: z.uuid(),
  student_name: z.string(),
  admission_no: z.string(),
  class_label: z.string(),
  due_id: z.uuid(),
  head_name: z.string(),
  instalment: z.string(),
  amount_paise: z.number(),
  basis: z.enum([...CONCESSION_BASES, 'ad_hoc']),
  /** Who proposed the concession (the rule, the students named, the request) and who approved it. */
  proposed_by: z.string(),
  approved_by: z.string(),
  applied_by: z.string(),
  applied_at: z.string(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;
export const REGISTER_BASES = [...CONCESSION_BASES, 'ad_hoc'] as const;
export const registerQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  student_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
  basis: z.enum(REGISTER_BASES).optional(),
  head_id: z.uuid().optional(),
});
export type RegisterQuery = z.output<typeof registerQuery>;
export const registerExportQuery = registerQuery
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export const registerPageSchema = z.object({
  items: z.array(registerEntrySchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), hasMore: z.boolean() }),
  /** Over every row the filters match, not only this page. */
  total_paise: z.number(),
});

/** A rule's change: its name always; amount, percentage and head only while no due has used it. */
export const concessionRulePatchSchema = z
  .object({
    name: z.string().trim().min(1).max(60).optional(),
    head_id: z.uuid().nullable().optional(),
    kind: z.enum(CONCESSION_KINDS).optional(),
    value: z.number().int().min(1).max(MAX_AMOUNT_PAISE).optional(),
  })
  .refine((v) => v.kind !== 'percent' || v.value === undefined || v.value <= 100, {
    error: CONCESSION_MESSAGES.ruleValue.error,
    path: ['value'],
  });
export type ConcessionRulePatch = z.output<typeof concessionRulePatchSchema>;

/** The State's per-child cost for the RTE reimbursement claim (paise a year). */
export const rteSettingsSchema = z.object({
  per_child_cost_paise: z.number().int().min(0).max(MAX_AMOUNT_PAISE),
});
export const rteReportQuery = z.object({
  academic_year_id: z.uuid().optional(),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});
/** One RTE pupil: the year's school fee, the part waived, and the claim (the lower of fee and cost). */
export const rteRowSchema = z.object({
  class_name: z.string(),
  student_id: z.uuid(),
  student_name: z.string(),
  admission_no: z.string(),
  school_fee_paise: z.number(),
  fee_waived_paise: z.number(),
  claim_paise: z.number(),
});
export type RteRow = z.infer<typeof rteRowSchema>;
export const rteReportSchema = z.object({
  per_child_cost_paise: z.number(),
  items: z.array(rteRowSchema),
  total_claim_paise: z.number(),
});
export type RteReport = z.infer<typeof rteReportSchema>;
