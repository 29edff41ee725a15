import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { optionalText } from '../profile';
import { emailField, mobileField, patchOf, personName } from './fields';

export const RELATIONS = ['father', 'mother', 'guardian', 'grandparent', 'sibling', 'other'] as const;
export type Relation = (typeof RELATIONS)[number];
export const EDUCATION_LEVELS = [
  'none',
  'primary',
  'secondary',
  'higher_secondary',
  'graduate',
  'postgraduate',
] as const;

export const GUARDIAN_MESSAGES = defineMessages('guardians', {
  created: 'Guardian added',
  updated: 'Guardian saved',
  linked: 'Guardian linked to the student',
  unlinked: 'Guardian removed from the student',
  notFound: 'Guardian not found',
  alreadyLinked: 'This guardian is already linked to the student',
  phoneRequired: 'A guardian needs a mobile number',
  linkSaved: "The guardian's tie to the student is saved",
  notLinked: 'This guardian is not linked to the student',
  relationRequired: 'Please choose the relation',
  incomeInvalid: 'Please enter the yearly income in rupees',
  guardianRequired: 'Please choose a parent or guardian',
} as const);

export const guardianFieldsSchema = z.object({
  name: personName(120),
  phone: mobileField.refine((v) => v !== '', GUARDIAN_MESSAGES.phoneRequired),
  email: emailField,
  occupation: optionalText(80),
  /** Yearly income in rupees as typed; stored in paise. */
  annual_income: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v == null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(String(v).replace(/[,\s₹]/g, ''));
      if (!Number.isFinite(n) || n < 0 || n > 1e10) {
        ctx.addIssue({ code: 'custom', ...GUARDIAN_MESSAGES.incomeInvalid.issue });
        return z.NEVER;
      }
      return Math.round(n * 100);
    }),
  education: z
    .union([z.enum(EDUCATION_LEVELS), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  address: optionalText(300),
});
export type GuardianFields = z.input<typeof guardianFieldsSchema>;

/** A guardian's tie to one student. */
export const guardianLinkSchema = z.object({
  relation: z.enum(RELATIONS, GUARDIAN_MESSAGES.relationRequired),
  authorised_pickup: z.boolean().default(true),
  is_primary: z.boolean().default(false),
});

/**
 * The first parent or guardian, taken on the admission form (issue 32): who they are to the child,
 * their name, mobile and email, checked as a guardian's own record is. The guardian on record with
 * that mobile (a sibling's parent) is tied instead of a second record.
 */
export const firstGuardianSchema = guardianFieldsSchema
  .pick({ name: true, phone: true, email: true })
  .extend({ relation: guardianLinkSchema.shape.relation });
export type FirstGuardian = z.output<typeof firstGuardianSchema>;
/** The guardian an admission tied: `existing` when they were on record already. */
export const firstGuardianTiedSchema = z.object({ id: z.string(), name: z.string(), existing: z.boolean() });
export type FirstGuardianTied = z.infer<typeof firstGuardianTiedSchema>;

export const createGuardianSchema = guardianFieldsSchema
  .extend({
    /** Optional: add the guardian and link them to this student in one step. */
    student_id: z.uuid().optional(),
    relation: z.enum(RELATIONS).optional(),
    authorised_pickup: z.boolean().optional(),
    is_primary: z.boolean().optional(),
  })
  .refine((v) => !v.student_id || v.relation, {
    error: GUARDIAN_MESSAGES.relationRequired.error,
    path: ['relation'],
    // Told with the other fields' errors (zod otherwise skips it until every field is valid).
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type CreateGuardian = z.output<typeof createGuardianSchema>;
export const updateGuardianSchema = patchOf(guardianFieldsSchema);
export type UpdateGuardian = z.output<typeof updateGuardianSchema>;
export const linkGuardianSchema = guardianLinkSchema.extend({
  guardian_id: z.uuid(GUARDIAN_MESSAGES.guardianRequired),
});
export type LinkGuardian = z.output<typeof linkGuardianSchema>;
/** Changing a tie: relation, pickup, primary (any subset). */
export const updateGuardianLinkSchema = patchOf(guardianLinkSchema);
export const studentGuardianParams = z.object({ id: z.uuid(), guardianId: z.uuid() });

export const GUARDIAN_SORTS = ['name', 'phone', 'created_at'] as const;
export const guardianListQuery = pageQuery.extend({
  sort: z.enum(GUARDIAN_SORTS).optional(),
  student_id: z.uuid().optional(),
});
export type GuardianListQuery = z.output<typeof guardianListQuery>;

export const guardianSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  occupation: z.string(),
  /** Paise. */
  annual_income: z.number().nullable(),
  education: z.string().nullable(),
  address: z.string(),
  family_id: z.string().nullable(),
  has_account: z.boolean(),
  /** The caller's own guardian record (a parent asks for changes to it). */
  is_you: z.boolean(),
  children: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      admission_no: z.string(),
      class_name: z.string().nullable(),
      relation: z.enum(RELATIONS),
      authorised_pickup: z.boolean(),
      is_primary: z.boolean(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** A brother or sister: another student of the same family. */
export const siblingSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  admission_no: z.string(),
  class_name: z.string().nullable(),
  section_name: z.string().nullable(),
  status: z.string(),
});
export type Sibling = z.infer<typeof siblingSchema>;
