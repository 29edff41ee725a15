import { z } from 'zod';
import { defineMessages } from '../messages';
import { optionalText } from '../profile';
import { patchOf } from './fields';
import { guardianFieldsSchema } from './guardians';
import { studentFieldsSchema } from './students';

/**
 * A parent's or student's request to change their record (MODULES.md section 3: a parent changes
 * data only through a request that staff approve, Gibbon's "Data Updater"). Only contact details
 * may be asked for; everything else is the office's to change.
 */
export const CHANGE_REQUEST_ENTITIES = ['student', 'guardian'] as const;
export type ChangeRequestEntity = (typeof CHANGE_REQUEST_ENTITIES)[number];
export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const CHANGE_REQUEST_MESSAGES = defineMessages('changeRequests', {
  created: 'Your request has been sent to the school office',
  approved: 'Change request approved and applied',
  rejected: 'Change request rejected',
  notFound: 'Change request not found',
  recordNotFound: 'Record not found',
  alreadyDecided: 'This request has already been decided',
  nothingToChange: 'Please change at least one field',
} as const);

const someChange = (v: Record<string, unknown>) => Object.keys(v).length > 0;

/** What a student's record may be asked to change. Unknown fields are refused. */
export const studentChangesSchema = patchOf(
  studentFieldsSchema.pick({ address: true, city: true, state: true, pincode: true }),
)
  .strict()
  .refine(someChange, CHANGE_REQUEST_MESSAGES.nothingToChange);

/** What a guardian's record may be asked to change. Unknown fields are refused. */
export const guardianChangesSchema = patchOf(
  guardianFieldsSchema.pick({ phone: true, email: true, address: true, occupation: true }),
)
  .strict()
  .refine(someChange, CHANGE_REQUEST_MESSAGES.nothingToChange);

const note = optionalText(500);

export const createChangeRequestSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('student'), entity_id: z.uuid(), changes: studentChangesSchema, note }),
  z.object({ entity: z.literal('guardian'), entity_id: z.uuid(), changes: guardianChangesSchema, note }),
]);
export type CreateChangeRequest = z.output<typeof createChangeRequestSchema>;

export const reviewChangeRequestSchema = z.object({ note: optionalText(500) });

export const changeRequestListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(CHANGE_REQUEST_STATUSES).optional(),
});
export type ChangeRequestListQuery = z.output<typeof changeRequestListQuery>;

export const changeRequestSchema = z.object({
  id: z.string(),
  entity: z.enum(CHANGE_REQUEST_ENTITIES),
  entity_id: z.string(),
  /** The student's or guardian's name, as the reviewer reads it. */
  entity_name: z.string(),
  changes: z.record(z.string(), z.unknown()),
  /** The record's values now, for the fields asked to change (what the reviewer compares). */
  current: z.record(z.string(), z.unknown()),
  note: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  requested_by: z.string(),
  requested_by_name: z.string(),
  review_note: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;
