import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { optionalDate } from '../people/fields';
import { optionalText } from '../profile';

/**
 * Complaints (issue 15 item 5). POCSO and sexual-harassment (POSH) complaints are seen only by the
 * members of that committee (and whoever filed them): not by other admins, in no list, count or
 * report (CBSE circular 19/2017).
 */
export const COMPLAINT_MESSAGES = defineMessages('complaints', {
  created: 'Complaint registered',
  updated: 'Complaint updated',
  notFound: 'Complaint not found',
  badTransition: 'A complaint cannot move from this state to that one',
  actionNeeded: 'Please write the action taken',
  committeeSaved: 'Committee members saved',
} as const);

export const COMMITTEES = ['pocso', 'posh'] as const;
export type Committee = (typeof COMMITTEES)[number];

export const COMPLAINT_CATEGORIES = [
  'academics',
  'fees',
  'transport',
  'facilities',
  'food',
  'bullying',
  'staff_conduct',
  'other',
  'pocso',
  'posh',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
/** The committee a category belongs to, if it is restricted. */
export const committeeOf = (category: ComplaintCategory): Committee | null =>
  category === 'pocso' || category === 'posh' ? category : null;

export const COMPLAINANT_KINDS = ['parent', 'student', 'staff', 'public'] as const;
export const COMPLAINT_STATES = [
  'open',
  'assigned',
  'in_progress',
  'resolved',
  'closed',
  'reopened',
] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const COMPLAINT_MOVES: Readonly<Record<ComplaintState, readonly ComplaintState[]>> = {
  open: ['assigned', 'in_progress', 'resolved'],
  assigned: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: ['closed', 'reopened'],
  closed: ['reopened'],
  reopened: ['assigned', 'in_progress', 'resolved'],
};

export const complaintInputSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES),
  complainant_kind: z.enum(COMPLAINANT_KINDS).optional(),
  complainant_name: optionalText(120),
  complainant_phone: optionalText(20),
  description: z.string().trim().min(1).max(4000),
});
export type ComplaintInput = z.input<typeof complaintInputSchema>;

export const complaintUpdateSchema = z.object({
  state: z.enum(COMPLAINT_STATES).optional(),
  assignee_staff_id: z.uuid().nullable().optional(),
  due_on: optionalDate.optional(),
  action_taken: z.string().trim().max(4000).optional(),
});

export const complaintSchema = z.object({
  id: z.uuid(),
  category: z.enum(COMPLAINT_CATEGORIES),
  restricted: z.boolean(),
  complainant_kind: z.enum(COMPLAINANT_KINDS),
  complainant_name: z.string(),
  complainant_phone: z.string(),
  description: z.string(),
  assignee_staff_id: z.uuid().nullable(),
  assignee_name: z.string().nullable(),
  due_on: z.string().nullable(),
  action_taken: z.string(),
  state: z.enum(COMPLAINT_STATES),
  mine: z.boolean(),
  age_days: z.number(),
  created_at: z.string(),
  can: z.object({ write: z.boolean(), moves: z.array(z.enum(COMPLAINT_STATES)) }),
});
export type Complaint = z.output<typeof complaintSchema>;

export const complaintListQuery = pageQuery.extend({
  state: z.enum(COMPLAINT_STATES).optional(),
  category: z.enum(COMPLAINT_CATEGORIES).optional(),
  mine: z.enum(['true', 'false']).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ComplaintListQuery = z.output<typeof complaintListQuery>;

/** Ageing: open complaints by how long they have waited. */
export const AGEING_BUCKETS = ['0-7', '8-15', '16-30', '31+'] as const;
export const ageingSchema = z.object({
  buckets: z.array(z.object({ bucket: z.enum(AGEING_BUCKETS), count: z.number() })),
  overdue: z.number(),
});

export const committeeSchema = z.object({
  committee: z.enum(COMMITTEES),
  staff_ids: z.array(z.uuid()).max(20),
});
export const committeesSchema = z.object({
  items: z.array(
    z.object({
      committee: z.enum(COMMITTEES),
      members: z.array(z.object({ staff_id: z.uuid(), name: z.string() })),
    }),
  ),
  mine: z.array(z.enum(COMMITTEES)),
});
