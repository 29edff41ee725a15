import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { GENDERS, optionalDate, patchOf, personName } from '../people/fields';
import { studentFieldsSchema } from '../people/students';
import { optionalText } from '../profile';

/**
 * Admission enquiries (issue 15 item 3): the public site's Admissions page and the front desk
 * (walk-in, phone, referral, …) feed one list; each is followed up and, when the family decides,
 * admitted into a student record without re-typing.
 */
export const ENQUIRY_MESSAGES = defineMessages('enquiries', {
  created: 'Enquiry saved',
  updated: 'Enquiry updated',
  notFound: 'Enquiry not found',
  badTransition: 'An enquiry cannot move from this state to that one',
  alreadyAdmitted: 'This enquiry has already been admitted',
  closedCannotAdmit: 'A lost or closed enquiry cannot be admitted; reopen it first',
  admitted: 'Student admitted from the enquiry',
  followUpSaved: 'Follow-up saved',
  counsellorNotFound: 'Counsellor not found',
  phoneInvalid: 'Phone number must be 10 digits',
  phoneRequired: 'Please give a phone number',
} as const);

export const ENQUIRY_SOURCES = [
  'website',
  'walk_in',
  'phone',
  'referral',
  'social',
  'newspaper',
  'hoarding',
  'other',
] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

export const ENQUIRY_STATES = [
  'new',
  'contacted',
  'visit_scheduled',
  'applied',
  'admitted',
  'lost',
  'closed',
] as const;
export type EnquiryState = (typeof ENQUIRY_STATES)[number];

/** The moves a person may make by hand (admitted only comes from Admit). */
export const ENQUIRY_MOVES: Readonly<Record<EnquiryState, readonly EnquiryState[]>> = {
  new: ['contacted', 'visit_scheduled', 'lost', 'closed'],
  contacted: ['visit_scheduled', 'applied', 'lost', 'closed'],
  visit_scheduled: ['contacted', 'applied', 'lost', 'closed'],
  applied: ['visit_scheduled', 'lost', 'closed'],
  admitted: [],
  lost: ['contacted'],
  closed: ['contacted'],
};
/** The states from which Admit converts an enquiry. */
export const ADMITTABLE: readonly EnquiryState[] = ['new', 'contacted', 'visit_scheduled', 'applied'];

export const FOLLOW_UP_MODES = ['call', 'visit', 'sms', 'whatsapp', 'email'] as const;
export type FollowUpMode = (typeof FOLLOW_UP_MODES)[number];

const phone = z
  .string(ENQUIRY_MESSAGES.phoneRequired)
  .trim()
  .refine((v) => v.length > 0, ENQUIRY_MESSAGES.phoneRequired)
  .refine((v) => /^\d{10}$/.test(v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '')), {
    error: ENQUIRY_MESSAGES.phoneInvalid.error,
  })
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''));

const optionalUuid = z
  .union([z.uuid(), z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/** An enquiry taken at the desk. */
export const enquiryInputSchema = z.object({
  source: z.enum(ENQUIRY_SOURCES).default('walk_in'),
  student_name: personName(120),
  date_of_birth: optionalDate,
  gender: z
    .union([z.enum(GENDERS), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  class_sought: personName(60),
  previous_school: optionalText(150),
  parent_name: personName(120),
  phone,
  email: optionalText(254),
  address: optionalText(300),
  message: optionalText(1000),
  counsellor_id: optionalUuid,
  next_follow_up_on: optionalDate,
});
export type EnquiryInput = z.input<typeof enquiryInputSchema>;

export const enquiryPatchSchema = z.object({
  counsellor_id: optionalUuid,
  next_follow_up_on: optionalDate,
});

export const enquiryMoveSchema = z.object({
  state: z.enum(ENQUIRY_STATES),
  reason: optionalText(300),
});

export const followUpInputSchema = z.object({
  on: z.iso.date(),
  mode: z.enum(FOLLOW_UP_MODES),
  outcome: z.string().trim().min(1).max(500),
  next_on: optionalDate,
});
export type FollowUpInput = z.input<typeof followUpInputSchema>;

export const followUpSchema = z.object({
  id: z.uuid(),
  on: z.string(),
  mode: z.enum(FOLLOW_UP_MODES),
  outcome: z.string(),
  next_on: z.string().nullable(),
  by_name: z.string(),
  created_at: z.string(),
});

export const enquirySchema = z.object({
  id: z.uuid(),
  source: z.enum(ENQUIRY_SOURCES),
  state: z.enum(ENQUIRY_STATES),
  student_name: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  class_sought: z.string(),
  previous_school: z.string(),
  parent_name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  message: z.string(),
  counsellor_id: z.uuid().nullable(),
  counsellor_name: z.string().nullable(),
  next_follow_up_on: z.string().nullable(),
  student_id: z.uuid().nullable(),
  created_at: z.string(),
  can: z.object({ write: z.boolean(), admit: z.boolean(), moves: z.array(z.enum(ENQUIRY_STATES)) }),
});
export type Enquiry = z.output<typeof enquirySchema>;

export const enquiryDetailSchema = enquirySchema.extend({ follow_ups: z.array(followUpSchema) });
export type EnquiryDetail = z.output<typeof enquiryDetailSchema>;

export const enquiryListQuery = pageQuery.extend({
  state: z.enum(ENQUIRY_STATES).optional(),
  source: z.enum(ENQUIRY_SOURCES).optional(),
  counsellor_id: z.uuid().optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type EnquiryListQuery = z.output<typeof enquiryListQuery>;

/** GET /api/admission-enquiries/export: the list's filters, every match, as CSV or Excel. */
export const enquiryExportQuery = enquiryListQuery
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type EnquiryExportQuery = z.output<typeof enquiryExportQuery>;

/** The funnel: how many enquiries reached each stage, by source and by class. */
export const funnelRowSchema = z.object({
  key: z.string(),
  total: z.number(),
  contacted: z.number(),
  visited: z.number(),
  applied: z.number(),
  admitted: z.number(),
  lost: z.number(),
});
export type FunnelRow = z.output<typeof funnelRowSchema>;
export const funnelSchema = z.object({
  total: funnelRowSchema,
  by_source: z.array(funnelRowSchema),
  by_class: z.array(funnelRowSchema),
});
export type Funnel = z.output<typeof funnelSchema>;

/** What Admit takes: the people form's fields, pre-filled from the enquiry on the web. */
/**
 * Admit's body: the people form's fields (pre-filled from the enquiry); what it leaves out comes
 * from the enquiry, and the whole is checked as a new student's record.
 */
export const admitEnquirySchema = patchOf(studentFieldsSchema);
export type AdmitEnquiryInput = z.input<typeof admitEnquirySchema>;

/** What Admit's form starts with (and the server fills in): the child's name, birth date, gender. */
export function admitDraft(e: {
  student_name: string;
  date_of_birth: string | null;
  gender: string | null;
  previous_school: string;
  address: string;
}) {
  const [first = '', ...rest] = e.student_name.trim().split(/\s+/);
  return {
    first_name: first,
    last_name: rest.join(' '),
    date_of_birth: e.date_of_birth ?? '',
    gender: e.gender ?? '',
    previous_school: e.previous_school,
    address: e.address,
  };
}

export const admitResultSchema = z.object({ student_id: z.uuid(), enquiry: enquirySchema });
