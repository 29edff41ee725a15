import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages, type Message } from '../messages';
import { dateField, mobileField, personName } from '../people/fields';
import { RELATIONS } from '../people/guardians';
import { optionalText } from '../profile';

/**
 * Reception (issue 15, MODULES.md section 2): visitors with numbered passes, check-out by the
 * pass's QR code, overstays, the daily register and student pick-ups by authorised guardians.
 */
export const VISITOR_MESSAGES = defineMessages('reception', {
  checkedIn: 'Visitor checked in',
  checkedOut: 'Visitor checked out',
  alreadyCheckedOut: 'This visitor has already checked out',
  notFound: 'Visitor not found',
  passUnknown: 'No visitor pass matches this code',
  phoneInvalid: "Enter the visitor's 10-digit mobile number",
  purposeRequired: 'Please enter the purpose of the visit',
  relationRequired: 'Please choose the relation to the student',
  last4Invalid: 'Enter only the last 4 digits of the ID',
  last4Required: 'Enter the last 4 digits of the ID',
  pickupRecorded: 'Pick-up recorded',
  pickupNotAuthorised:
    'This person is not an authorised pick-up for the student. The student cannot leave with them; the class teacher has been told.',
} as const);

export const ID_PROOF_TYPES = [
  'aadhaar',
  'driving-licence',
  'voter-id',
  'pan',
  'passport',
  'other',
  'none',
] as const;
export type IdProofType = (typeof ID_PROOF_TYPES)[number];

/** How long a visit is expected to last before it is flagged as an overstay (2 hours). */
export const DEFAULT_EXPECTED_MINUTES = 120;

/** The pass number as printed: VP/2026-27/00012. */
export const passLabel = (financialYear: string, passNo: number) =>
  `VP/${financialYear}/${String(passNo).padStart(5, '0')}`;

/** A required 10-digit Indian mobile number (+91 or 0 in front dropped), with `message` if not. */
export const requiredMobile = (message: Message) =>
  z
    .string()
    .trim()
    .max(20, message)
    .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
    .refine((v) => /^[6-9]\d{9}$/.test(v), message);
const visitorPhone = requiredMobile(VISITOR_MESSAGES.phoneInvalid);

export const visitorInputSchema = z
  .object({
    name: personName(80),
    phone: visitorPhone,
    purpose: z.string().trim().min(1, VISITOR_MESSAGES.purposeRequired).max(200),
    host_staff_id: z.uuid().nullable().default(null),
    student_id: z.uuid().nullable().default(null),
    relation: z.enum(RELATIONS).nullable().default(null),
    persons: z.number().int().min(1).max(50).default(1),
    id_proof_type: z.enum(ID_PROOF_TYPES).default('none'),
    id_proof_last4: optionalText(20)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => v === '' || /^\d{4}$/.test(v), VISITOR_MESSAGES.last4Invalid),
    expected_minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(DEFAULT_EXPECTED_MINUTES),
  })
  .refine((v) => v.student_id === null || v.relation !== null, {
    error: VISITOR_MESSAGES.relationRequired.error,
    path: ['relation'],
  })
  .refine((v) => v.id_proof_type === 'none' || v.id_proof_last4 !== '', {
    error: VISITOR_MESSAGES.last4Required.error,
    path: ['id_proof_last4'],
  });
export type VisitorInput = z.infer<typeof visitorInputSchema>;

export const VISITOR_STATUSES = ['in', 'out'] as const;
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];

export const visitorSchema = z.object({
  id: z.string(),
  pass_no: z.number(),
  pass_label: z.string(),
  name: z.string(),
  phone: z.string(),
  purpose: z.string(),
  host_staff_id: z.string().nullable(),
  host_name: z.string().nullable(),
  student_id: z.string().nullable(),
  student_name: z.string().nullable(),
  relation: z.enum(RELATIONS).nullable(),
  persons: z.number(),
  id_proof_type: z.enum(ID_PROOF_TYPES),
  id_proof_last4: z.string(),
  photo_url: z.string(),
  checked_in_at: z.string(),
  checked_out_at: z.string().nullable(),
  expected_minutes: z.number(),
  status: z.enum(VISITOR_STATUSES),
  /** Still in past the expected time, or left after it. */
  overstay: z.boolean(),
  appointment_id: z.string().nullable(),
});
export type Visitor = z.infer<typeof visitorSchema>;

export const VISITOR_SORTS = ['checked_in_at', 'name', 'pass_no'] as const;
export const visitorListQuery = pageQuery.extend({
  /** The register's day (India); today when absent. */
  date: dateField.optional(),
  status: z.enum(VISITOR_STATUSES).optional(),
  overstay: z.enum(['true', 'false']).optional(),
  sort: z.enum(VISITOR_SORTS).optional(),
});
export type VisitorListQuery = z.infer<typeof visitorListQuery>;

export const visitorRegisterQuery = z.object({ date: dateField.optional() });
export const visitorExportQuery = visitorListQuery
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** Check-out by what the pass's QR code holds (its token) or by the pass number typed in. */
export const checkOutByCodeSchema = z.object({ code: z.string().trim().min(1).max(100) });

// ---- Pick-ups ----

export const pickupInputSchema = z.object({
  student_id: z.uuid(),
  /** The guardian collecting the child; null for someone who is not a registered guardian. */
  guardian_id: z.uuid().nullable().default(null),
  /** Who came (a guardian's name is taken from their record). */
  person_name: optionalText(80),
  phone: mobileField,
});
export type PickupInput = z.infer<typeof pickupInputSchema>;

export const pickupSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  class_label: z.string().nullable(),
  guardian_id: z.string().nullable(),
  person_name: z.string(),
  relation: z.string().nullable(),
  allowed: z.boolean(),
  picked_up_at: z.string(),
  recorded_by_name: z.string(),
});
export type Pickup = z.infer<typeof pickupSchema>;
export const pickupListQuery = pageQuery.extend({ date: dateField.optional() });
