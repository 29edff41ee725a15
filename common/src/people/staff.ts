import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { JOB_SETS } from '../permissions';
import { optionalImageUrl, optionalText } from '../profile';
import {
  dateField,
  emailField,
  GENDERS,
  mobileField,
  optionalDate,
  PEOPLE_FIELD_MESSAGES,
  patchOf,
  personName,
  recordCode,
} from './fields';

export const STAFF_KINDS = ['teaching', 'non_teaching'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];
export const STAFF_STATUSES = ['active', 'relieved'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_MESSAGES = defineMessages('staff', {
  created: 'Staff member added',
  updated: 'Staff record saved',
  notFound: 'Staff member not found',
  employeeCodeTaken: 'This employee code is already used by another staff member',
  relievedNeedsDate: 'Please enter the relieving date',
  alreadyRelieved: 'This staff member has already been relieved',
  noAccount: 'Job sets need a staff member who has an account. Invite them first.',
  jobSetsForbidden: 'You may not assign job sets',
} as const);

export const staffFieldsSchema = z.object({
  employee_code: recordCode,
  kind: z.enum(STAFF_KINDS).default('teaching'),
  first_name: personName(),
  last_name: optionalText(60),
  gender: z
    .union([z.enum(GENDERS), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  date_of_birth: optionalDate,
  phone: mobileField,
  email: emailField,
  designation: optionalText(80),
  department: optionalText(80),
  joining_date: dateField,
  qualification: optionalText(150),
  experience_years: z.coerce.number().int().min(0).max(60).default(0),
  subjects: optionalText(200),
  police_verification_on: optionalDate,
  psychometric_evaluation_on: optionalDate,
  photo_url: optionalImageUrl(PEOPLE_FIELD_MESSAGES.photoInvalid),
  address: optionalText(300),
});
export type StaffFields = z.input<typeof staffFieldsSchema>;

export const createStaffSchema = staffFieldsSchema;
export type CreateStaff = z.output<typeof createStaffSchema>;
/** PATCH: the fields sent (zod fills defaults into absent keys, so the route keeps only those sent). */
/** PATCH: only the fields named (patchOf), plus relieving and job permissions. */
export const updateStaffSchema = patchOf(staffFieldsSchema).extend({
  status: z.enum(STAFF_STATUSES).optional(),
  relieved_on: optionalDate.optional(),
  job_sets: z.array(z.enum(JOB_SETS)).max(JOB_SETS.length).optional(),
});
export type UpdateStaff = z.output<typeof updateStaffSchema>;

export const STAFF_SORTS = ['employee_code', 'name', 'designation', 'joining_date', 'status'] as const;
export const staffListQuery = pageQuery.extend({
  sort: z.enum(STAFF_SORTS).optional(),
  // `teacher` is read as `teaching` (the academics issue's contract: GET /api/staff?kind=teacher).
  kind: z
    .enum([...STAFF_KINDS, 'teacher'])
    .optional()
    .transform((k) => (k === 'teacher' ? 'teaching' : k)),
  status: z.enum(STAFF_STATUSES).optional(),
  department: z.string().trim().max(80).optional(),
});
export type StaffListQuery = z.output<typeof staffListQuery>;

export const staffSchema = z.object({
  id: z.string(),
  employee_code: z.string(),
  kind: z.enum(STAFF_KINDS),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  designation: z.string(),
  department: z.string(),
  joining_date: z.string(),
  qualification: z.string(),
  experience_years: z.number(),
  subjects: z.string(),
  police_verification_on: z.string().nullable(),
  psychometric_evaluation_on: z.string().nullable(),
  photo_url: z.string(),
  address: z.string(),
  status: z.enum(STAFF_STATUSES),
  relieved_on: z.string().nullable(),
  job_sets: z.array(z.enum(JOB_SETS)),
  has_account: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;
