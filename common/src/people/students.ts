import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { optionalImageUrl, optionalText } from '../profile';
import {
  aadhaarLast4Field,
  apaarField,
  dateField,
  GENDERS,
  optionalDate,
  PEOPLE_FIELD_MESSAGES,
  patchOf,
  penField,
  personName,
  pincodeField,
  recordCode,
} from './fields';
import { firstGuardianSchema, firstGuardianTiedSchema } from './guardians';
import { ENROLMENT_OUTCOMES } from './promotions';

/**
 * Student lifecycle (MODULES.md section 3): applicant → enrolled → promoted or detained (each
 * year) → left (TC issued) / passed out → alumni. Nothing is deleted: leaving is a state.
 */
export const STUDENT_STATUSES = [
  'applicant',
  'enrolled',
  'promoted',
  'detained',
  'left',
  'passed_out',
  'alumni',
] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
/** States in which a student is on the school's rolls. */
export const ON_ROLLS: readonly StudentStatus[] = ['enrolled', 'promoted', 'detained'];

/** The moves the lifecycle allows (the promotion job makes promoted/detained/passed_out). */
export const STUDENT_TRANSITIONS: Readonly<Record<StudentStatus, readonly StudentStatus[]>> = {
  applicant: ['enrolled', 'left'],
  enrolled: ['promoted', 'detained', 'left', 'passed_out'],
  promoted: ['promoted', 'detained', 'left', 'passed_out'],
  detained: ['promoted', 'detained', 'left', 'passed_out'],
  left: ['enrolled'],
  passed_out: ['alumni'],
  alumni: [],
};

export const SOCIAL_CATEGORIES = ['general', 'sc', 'st', 'obc'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** UDISE+ disability types (RPwD Act 2016 categories the form asks for). */
export const IMPAIRMENTS = [
  'blindness',
  'low_vision',
  'hearing',
  'speech',
  'locomotor',
  'intellectual',
  'learning',
  'autism',
  'multiple',
  'other',
] as const;
export const MEDIA = ['english', 'hindi', 'marathi', 'other'] as const;
export const STREAMS = ['science', 'commerce', 'humanities', 'vocational'] as const;

export const STUDENT_MESSAGES = defineMessages('students', {
  created: 'Student added',
  updated: 'Student record saved',
  notFound: 'Student not found',
  admissionNoTaken: 'This admission number is already used by another student',
  sectionFull: 'This section is full',
  notYourSection: 'You can add students only to a section you lead',
  badTransition: 'A student cannot move from this status to that one',
  dobInFuture: 'Date of birth cannot be in the future',
  yesOrNo: 'Please answer yes or no',
  genderRequired: 'Please choose a gender',
} as const);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** What a person types about a student; server and forms share it. */
export const studentFieldsSchema = z.object({
  admission_no: recordCode,
  roll_no: optionalText(10),
  first_name: personName(),
  middle_name: optionalText(60),
  last_name: optionalText(60),
  date_of_birth: dateField,
  gender: z.enum(GENDERS, STUDENT_MESSAGES.genderRequired),
  blood_group: optionalEnum(BLOOD_GROUPS),
  social_category: optionalEnum(SOCIAL_CATEGORIES),
  religion: optionalText(40),
  mother_tongue: optionalText(40),
  nationality: optionalText(40).transform((v) => v || 'Indian'),
  apaar_id: apaarField,
  pen: penField,
  aadhaar_last4: aadhaarLast4Field,
  bpl: z.boolean(STUDENT_MESSAGES.yesOrNo).default(false),
  rte: z.boolean(STUDENT_MESSAGES.yesOrNo).default(false),
  cwsn: z.boolean(STUDENT_MESSAGES.yesOrNo).default(false),
  impairment: optionalEnum(IMPAIRMENTS),
  address: optionalText(300),
  city: optionalText(60),
  state: optionalText(60),
  pincode: pincodeField,
  photo_url: optionalImageUrl(PEOPLE_FIELD_MESSAGES.photoInvalid),
  previous_school: optionalText(150),
  previous_tc_no: optionalText(40),
  medium: optionalEnum(MEDIA),
  stream: optionalEnum(STREAMS),
  house: optionalText(30),
  section_id: z
    .union([z.uuid(), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  admitted_on: optionalDate,
});
export type StudentFields = z.input<typeof studentFieldsSchema>;

const notInFuture = (v: { date_of_birth?: string }) =>
  !v.date_of_birth || v.date_of_birth <= new Date().toISOString().slice(0, 10);

/** Adding a student: their fields and, optionally, their first guardian (issue 32). */
export const createStudentSchema = studentFieldsSchema
  .extend({ guardian: firstGuardianSchema.optional() })
  .refine(notInFuture, {
    error: STUDENT_MESSAGES.dobInFuture.error,
    path: ['date_of_birth'],
  });
export type CreateStudent = z.output<typeof createStudentSchema>;

/** PATCH: any subset of the fields, plus a status move. */
export const updateStudentSchema = patchOf(
  studentFieldsSchema.extend({
    status: z.enum(STUDENT_STATUSES),
    leaving_reason: optionalText(200),
  }),
).refine(notInFuture, { error: STUDENT_MESSAGES.dobInFuture.error, path: ['date_of_birth'] });
export type UpdateStudent = z.output<typeof updateStudentSchema>;

export const STUDENT_SORTS = [
  'admission_no',
  'name',
  'class',
  'date_of_birth',
  'status',
  'created_at',
] as const;

export const studentListQuery = pageQuery.extend({
  sort: z.enum(STUDENT_SORTS).optional(),
  section_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
  status: z.enum(STUDENT_STATUSES).optional(),
  gender: z.enum(GENDERS).optional(),
  rte: z.enum(['true', 'false']).optional(),
  /** Another academic year: its class lists (each student's section and outcome as of that year). */
  academic_year_id: z.uuid().optional(),
});
export type StudentListQuery = z.output<typeof studentListQuery>;

/** A student as the API answers it. `can` is what the caller may do with this record. */
export const studentSchema = z.object({
  id: z.string(),
  admission_no: z.string(),
  roll_no: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  date_of_birth: z.string(),
  gender: z.enum(GENDERS),
  blood_group: z.string().nullable(),
  social_category: z.string().nullable(),
  religion: z.string(),
  mother_tongue: z.string(),
  nationality: z.string(),
  apaar_id: z.string(),
  pen: z.string(),
  aadhaar_last4: z.string(),
  bpl: z.boolean(),
  rte: z.boolean(),
  cwsn: z.boolean(),
  impairment: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  photo_url: z.string(),
  previous_school: z.string(),
  previous_tc_no: z.string(),
  medium: z.string().nullable(),
  stream: z.string().nullable(),
  house: z.string(),
  status: z.enum(STUDENT_STATUSES),
  leaving_reason: z.string(),
  section_id: z.string().nullable(),
  section_name: z.string().nullable(),
  class_name: z.string().nullable(),
  family_id: z.string().nullable(),
  admitted_on: z.string().nullable(),
  left_on: z.string().nullable(),
  has_account: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  can: z.object({ edit: z.boolean(), change_status: z.boolean(), request_change: z.boolean() }),
  /** With `academic_year_id`: how that year ended for the student (null while it runs). */
  outcome: z.enum(ENROLMENT_OUTCOMES).nullable().optional(),
});
export type Student = z.infer<typeof studentSchema>;

/** The answer to adding a student: the record, and the first guardian it tied (null when none). */
export const addedStudentSchema = studentSchema.extend({
  first_guardian: firstGuardianTiedSchema.nullable(),
});
export type AddedStudent = z.infer<typeof addedStudentSchema>;

/**
 * A student as lists show them (`GET /api/students`): who, which class, which state, and what the
 * caller may do. The whole record is `GET /api/students/:id`; a page of lists stays small.
 */
export const studentListItemSchema = studentSchema.pick({
  id: true,
  admission_no: true,
  roll_no: true,
  first_name: true,
  middle_name: true,
  last_name: true,
  full_name: true,
  date_of_birth: true,
  gender: true,
  apaar_id: true,
  rte: true,
  photo_url: true,
  status: true,
  section_id: true,
  section_name: true,
  class_name: true,
  has_account: true,
  can: true,
  outcome: true,
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;
