import { z } from 'zod';
import { EDUCATION_BOARDS } from './catalogue/boards';
import { subTypesOf } from './catalogue/institute-types';
import { EDUCATION_MEDIA } from './catalogue/media';
import { type Branding, brandingSchema } from './institutes';
import { defineMessages, type Message } from './messages';
import {
  CONTACT_MESSAGES,
  EMPTY_SOCIAL_LINKS,
  optionalEmail,
  optionalImageUrl,
  optionalNumber,
  optionalPhone,
  optionalPincode,
  optionalState,
  optionalText,
  socialLinksSchema,
} from './profile';
import { isReservedSubdomain } from './subdomains';

/** The texts of the website builder (spec 2.15, 4.10, 5.10, 8.4) and the public site. */
export const WEBSITE_MESSAGES = defineMessages(
  'website',
  {
    nameRequired: 'Institute name is required',
    needsGroup:
      'A new branch joins your group of institutes, and you do not have one yet. Create your group, then come back to add its branches.',
    onlySchool: 'Currently only School type is available',
    subTypeInvalid: 'Please choose a school type from the list',
    boardInvalid: 'Please choose an education board from the list',
    mediumInvalid: 'Please choose a medium of instruction from the list',
    yearInvalid: 'Please enter a valid year',
    countInvalid: 'Please enter a whole number, 0 or more',
    colourInvalid: 'Please choose a colour in the form #003c4f',
    imageUrlInvalid: 'Please enter an image address starting with http://, https:// or /',
    groupRequired: 'Please choose a group',
    groupNameRequired: 'Group name is required',
    groupsOnlyForDirectors:
      'Only directors can join or create a group of institutes. Ask your group director to add this institute.',
    groupsLoadFailed: 'Unable to load groups. Please try again later.',
    groupsLoadFailedRefresh: 'Unable to load groups. Please refresh the page or try again later.',
    itemEmpty: 'Please remove empty entries',
    forbidden: "Only the institute's admins and its group's directors can change its website",
    draftSaved: 'Draft saved',
    published: 'Your website is live!',
    nothingToPublish: 'Please save a draft with the institute name before publishing',
    subdomainInvalid: 'Use 3 to 40 lowercase letters, digits and hyphens',
    subdomainTaken: 'This web address is already taken. Please choose another.',
    subdomainReserved: 'This web address is reserved for Schooliko. Please choose another.',
    subdomainLookalike:
      'This web address mixes letters of different alphabets or is not a valid international name. Please choose another.',
    subdomainImpersonates:
      'This web address is too close to the name or address of another institute. Please choose another.',
    tooManyInstitutes: (max: number) =>
      `You can create up to ${max} institutes in 24 hours. Please try again tomorrow.`,
    instituteCreated: 'Institute created',
    alreadyInGroup: 'This institute already belongs to a group. Choose "Part of a group" to keep it there.',
    groupCreated: (name: string) => `Your group "${name}" has been created and this institute is part of it.`,
    joinRequested: 'Join request sent successfully! You will be notified when approved.',
    addedToGroup: 'This institute is now part of your group.',
  } as const,
  { groupCreated: ['name'], tooManyInstitutes: ['max'] },
);

export const ADMISSION_MESSAGES = defineMessages('admission', {
  studentNameRequired: "Student's name is required",
  classRequired: 'Please enter the class sought',
  parentNameRequired: "Parent's name is required",
  phoneRequired: 'Mobile number is required',
  phoneInvalid: 'Please enter a valid 10-digit mobile number',
  closed: 'This institute is not taking admission enquiries online. Please contact the institute office.',
  notPublished: 'This institute has not published its website yet',
  received: 'Thank you! Your enquiry has been received. The institute office will contact you soon.',
} as const);

export const DEFAULT_THEME_COLOR = '#003c4f';
export const CURRENT_YEAR = () => new Date().getFullYear();

const required = (message: Message, max: number) =>
  z.string(message).trim().min(1, message).max(max, CONTACT_MESSAGES.tooLong(max));

const fromList = (values: readonly string[], message: Message) =>
  optionalText(60).refine((v) => v === '' || values.includes(v), message);

const count = optionalNumber(0, 10_000_000, WEBSITE_MESSAGES.countInvalid, true);

const items = (max: number) =>
  z
    .array(z.string().trim().max(max, CONTACT_MESSAGES.tooLong(max)))
    .max(50, 'Please keep to 50 entries')
    .default([])
    .refine((list) => list.every((s) => s !== ''), WEBSITE_MESSAGES.itemEmpty);

export const GROUP_CHOICES = ['none', 'existing', 'create'] as const;
export type GroupChoice = (typeof GROUP_CHOICES)[number];

/** Spec 4.10: not in a group (default), part of a group (pick one), or create own group. */
export const groupChoiceSchema = z
  .object({
    choice: z.enum(GROUP_CHOICES).default('none'),
    group_id: optionalText(64).refine(
      (v) => v === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
      WEBSITE_MESSAGES.groupRequired,
    ),
    group_name: optionalText(120),
  })
  .prefault({})
  .superRefine((v, ctx) => {
    if (v.choice === 'existing' && !v.group_id)
      ctx.addIssue({ code: 'custom', path: ['group_id'], ...WEBSITE_MESSAGES.groupRequired.issue });
    if (v.choice === 'create' && !v.group_name)
      ctx.addIssue({ code: 'custom', path: ['group_name'], ...WEBSITE_MESSAGES.groupNameRequired.issue });
  });

export const websiteContactSchema = z
  .object({
    address: optionalText(500),
    city: optionalText(100),
    state: optionalState,
    pincode: optionalPincode,
    phone: optionalPhone,
    email: optionalEmail,
    latitude: optionalNumber(-90, 90, CONTACT_MESSAGES.latitudeInvalid),
    longitude: optionalNumber(-180, 180, CONTACT_MESSAGES.longitudeInvalid),
    socialMedia: socialLinksSchema.prefault({}),
  })
  .prefault({});

export const principalSchema = z
  .object({
    is_self: z.boolean().default(false),
    name: optionalText(120),
    qualification: optionalText(200),
    email: optionalEmail,
    phone: optionalPhone,
    message: optionalText(3000),
  })
  .prefault({});

/** Spec 2.15: everything the Create Website form holds. Only the name is required (5.10). */
export const websiteContentSchema = z.object({
  institute_name: required(WEBSITE_MESSAGES.nameRequired, 200),
  tagline: optionalText(200),
  description: optionalText(5000),
  institute_type: z
    .string()
    .default('school')
    .refine((v) => v === 'school', WEBSITE_MESSAGES.onlySchool),
  school_type: fromList(
    subTypesOf('school').map((s) => s.value),
    WEBSITE_MESSAGES.subTypeInvalid,
  ),
  education_board: fromList(
    EDUCATION_BOARDS.map((b) => b.value),
    WEBSITE_MESSAGES.boardInvalid,
  ),
  education_medium: fromList(
    EDUCATION_MEDIA.map((m) => m.value),
    WEBSITE_MESSAGES.mediumInvalid,
  ),
  established_year: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx): number | null => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1800 || n > CURRENT_YEAR()) {
        ctx.addIssue({ code: 'custom', ...WEBSITE_MESSAGES.yearInvalid.issue });
        return z.NEVER;
      }
      return n;
    }),
  contact: websiteContactSchema,
  group: groupChoiceSchema,
  principal: principalSchema,
  statistics: z.object({ total_students: count, total_teachers: count, total_classes: count }).prefault({}),
  facilities: items(100),
  achievements: items(300),
  vision: optionalText(2000),
  mission: optionalText(2000),
  features: z
    .object({
      online_admission: z.boolean().default(false),
      fee_payment: z.boolean().default(false),
      parent_portal: z.boolean().default(false),
      teacher_portal: z.boolean().default(false),
    })
    .prefault({}),
  design: z
    .object({
      theme_color: z
        .string()
        .trim()
        .default(DEFAULT_THEME_COLOR)
        .refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), WEBSITE_MESSAGES.colourInvalid),
      logo_url: optionalImageUrl(WEBSITE_MESSAGES.imageUrlInvalid),
      banner_url: optionalImageUrl(WEBSITE_MESSAGES.imageUrlInvalid),
    })
    .prefault({}),
});
export type WebsiteContentInput = z.input<typeof websiteContentSchema>;
export type WebsiteContent = z.output<typeof websiteContentSchema>;

/** The builder's starting point for an institute that has no draft yet. */
export function emptyWebsiteContent(name = ''): WebsiteContent {
  return {
    institute_name: name,
    tagline: '',
    description: '',
    institute_type: 'school',
    school_type: '',
    education_board: '',
    education_medium: '',
    established_year: null,
    contact: {
      address: '',
      city: '',
      state: '',
      pincode: '',
      phone: '',
      email: '',
      latitude: null,
      longitude: null,
      socialMedia: { ...EMPTY_SOCIAL_LINKS },
    },
    group: { choice: 'none', group_id: '', group_name: '' },
    principal: { is_self: false, name: '', qualification: '', email: '', phone: '', message: '' },
    statistics: { total_students: null, total_teachers: null, total_classes: null },
    facilities: [],
    achievements: [],
    vision: '',
    mission: '',
    features: { online_admission: false, fee_payment: false, parent_portal: false, teacher_portal: false },
    design: { theme_color: DEFAULT_THEME_COLOR, logo_url: '', banner_url: '' },
  };
}

/** What visitors see: the content without the builder's private group choice. */
export type PublicSiteContent = Omit<WebsiteContent, 'group'>;

export const WEBSITE_STATUSES = ['not_started', 'draft', 'published', 'changed'] as const;
export type WebsiteStatus = (typeof WEBSITE_STATUSES)[number];

/** GET /api/website: the builder's view. */
export type WebsiteState = {
  draft: WebsiteContent;
  published: WebsiteContent | null;
  status: WebsiteStatus;
  updated_at: string | null;
  published_at: string | null;
  /** Whether the caller may join or create a group from the builder (directors only). */
  can_manage_group: boolean;
  /** The group this institute is in, when it is in one. */
  current_group_id: string | null;
  /** New institutes (branches) are served on `<label>.<platform_domain>`. */
  platform_domain: string;
};

/**
 * Before the first publish: how to reach the institute, from its Update Profile contact
 * information (the institute's own, never a person's account data).
 */
export type InstituteContact = {
  address: string;
  city: string;
  state: string;
  pincode: string;
  website: string;
  /** The office's public phone and email from Update Profile ('' when not given). */
  phone: string;
  email: string;
};

/** GET /api/public/site and GET /api/website/preview. */
export type PublicSite = {
  published: boolean;
  preview: boolean;
  branding: Branding;
  site: PublicSiteContent | null;
  /** Only while there is no site to show (site null); null otherwise. */
  contact: InstituteContact | null;
  published_at: string | null;
};

export const publicSiteSchema = z.object({
  published: z.boolean(),
  preview: z.boolean(),
  branding: brandingSchema,
  site: z.record(z.string(), z.unknown()).nullable(),
  contact: z
    .object({
      address: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
      website: z.string(),
      phone: z.string(),
      email: z.string(),
    })
    .nullable(),
  published_at: z.string().nullable(),
});

export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;

/** A subdomain label from an institute name: 'St. Mary's High School, Pune' -> 'st-marys-high-school-pune'. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/** POST /api/website/institutes: a new institute (a branch) from the builder's fields. */
export const createInstituteSchema = websiteContentSchema.extend({
  subdomain: optionalText(40)
    .refine((v) => v === '' || SUBDOMAIN_PATTERN.test(v), WEBSITE_MESSAGES.subdomainInvalid)
    .refine((v) => !isReservedSubdomain(v), WEBSITE_MESSAGES.subdomainReserved),
});
export type CreateInstituteInput = z.input<typeof createInstituteSchema>;

export type CreatedInstitute = {
  institute_id: string;
  institute_code: string;
  institute_name: string;
  domain: string;
  group_id: string | null;
};

/** Spec 1's public nav bar, in order. */
export const PUBLIC_SITE_PAGES = [
  'home',
  'about',
  'admissions',
  'faculty',
  'students',
  'contact',
  'pay-fees',
] as const;
export type PublicSitePage = (typeof PUBLIC_SITE_PAGES)[number];

/** POST /api/public/admissions: a visitor's admission enquiry. */
export const admissionEnquirySchema = z.object({
  student_name: required(ADMISSION_MESSAGES.studentNameRequired, 120),
  class_sought: required(ADMISSION_MESSAGES.classRequired, 60),
  parent_name: required(ADMISSION_MESSAGES.parentNameRequired, 120),
  phone: z
    .string(ADMISSION_MESSAGES.phoneRequired)
    .trim()
    .min(1, ADMISSION_MESSAGES.phoneRequired)
    .regex(/^\d{10}$/, ADMISSION_MESSAGES.phoneInvalid),
  email: optionalEmail,
  message: optionalText(1000),
});
export type AdmissionEnquiryInput = z.input<typeof admissionEnquirySchema>;

export type AdmissionEnquiry = z.output<typeof admissionEnquirySchema> & {
  id: string;
  status: string;
  created_at: string;
};
