import { z } from 'zod';
import { COMMON_MESSAGES, defineMessages, type Message } from './messages';

/** Spec 3.5: the six kinds of group and how they read. */
export const GROUP_TYPES = [
  'school_chain',
  'college_chain',
  'universities',
  'group_of_institutes',
  'computer_center_chain',
  'sports_club',
] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  school_chain: 'School Chain',
  college_chain: 'College Chain',
  universities: 'Universities',
  group_of_institutes: 'Group of Institutes',
  computer_center_chain: 'Computer Center Chain',
  sports_club: 'Sports Club',
};

export const GROUP_TYPE_OPTIONS: readonly { value: GroupType; label: string }[] = GROUP_TYPES.map(
  (value) => ({
    value,
    label: GROUP_TYPE_LABELS[value],
  }),
);

export const isGroupType = (value: string): value is GroupType =>
  (GROUP_TYPES as readonly string[]).includes(value);

/** Spec 3.5: suggestions offered by the tag picker; free entry is allowed too. */
export const GROUP_TAG_SUGGESTIONS = [
  'Education',
  'CBSE',
  'ICSE',
  'IB',
  'State Board',
  'Residential',
  'Day School',
  'Co-ed',
  'Boys Only',
  'Girls Only',
  'English Medium',
  'Hindi Medium',
  'Bilingual',
  'Technology',
  'Sports',
  'Arts',
  'Science',
  'Commerce',
  'Humanities',
  'Vocational',
  'Professional',
] as const;

export const GROUP_STATUSES = ['active', 'inactive'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const ESTABLISHMENT_YEAR_MIN = 1800;
export const DEFAULT_COUNTRY = 'India';
export const GROUP_TAGS_MAX = 20;
export const GROUP_TAG_MAX_LENGTH = 40;
/** Spec 5.7 (form), 4.5 (join requests), 5.6 (join dialog) and 8.4 (groups): the exact texts. */
export const GROUP_MESSAGES = defineMessages(
  'groups',
  {
    nameRequired: 'Group name is required',
    nameTooLong: 'Group name must be at most 120 characters',
    typeRequired: 'Group type is required',
    streetRequired: 'Street address is required',
    cityRequired: 'City is required',
    stateRequired: 'State is required',
    pincodeRequired: 'Pincode is required',
    pincodeInvalid: 'Pincode must be 6 digits',
    emailInvalid: 'Please enter a valid email address',
    websiteInvalid: 'Website URL should start with http:// or https://',
    yearInvalid: 'Please enter a valid year',
    phoneInvalid: 'Please enter a valid phone number',
    descriptionTooLong: 'Description must be at most 2000 characters',
    tagsTooMany: `At most ${GROUP_TAGS_MAX} tags`,
    tagTooLong: `A tag must be at most ${GROUP_TAG_MAX_LENGTH} characters`,
    logoInvalid: 'Please upload the logo again',
    fixErrors: 'Please fix the errors in the form',

    loadError: 'Error loading groups. Please try again later.',
    loadErrorTitle: 'Group Loading Error',
    noGroupId: 'No group ID found in director data. Please contact administrator.',
    fetchGroupFailed: 'Failed to fetch group data',
    pickerLoadFailed: 'Unable to load groups. Please try again later.',
    pickerLoadFailedRefresh: 'Unable to load groups. Please refresh the page or try again later.',

    createFailed: 'Failed to create group. Please try again.',
    created: 'Group created successfully!',
    createdWithLogo: 'Group created with logo successfully!',
    updated: 'Group updated successfully!',
    profileUpdateFailed:
      'Group created successfully, but failed to update director profile. Please refresh the page.',

    statusFailed: 'Failed to fetch join request status',
    joinFailed: 'Failed to send join request',
    joinFailedTitle: 'Join Request Failed',
    cancelFailed: 'Failed to cancel join request',
    cancelFailedTitle: 'Cancel Request Failed',
    joinSent: 'Join request sent successfully! You will be notified when approved.',
    joinSentTitle: 'Request Sent',
    cancelled: 'Join request cancelled successfully.',
    cancelledTitle: 'Request Cancelled',
    joinedTitle: 'Join Request Approved',
    joined: (group: string) => `Welcome to ${group}! You can now access the group dashboard.`,
    pendingBlocks: (group: string) =>
      `Please wait for your pending join request to "${group}" to be processed`,
    rejectedTitle: 'Join Request Declined',
    rejected: (group: string) => `Your request to join ${group} was declined.`,
    joinRequestTitle: 'New Join Request',
    joinRequestMessage: (name: string, institute: string, group: string) =>
      `${name} (${institute}) asks to join ${group}.`,
    approvedDone: 'Join request approved',
    rejectedDone: 'Join request rejected',

    notFound: 'Group not found',
    notADirectorOfGroup: 'Only directors of this group can change it',
    notAMember: 'You do not have access to this group',
    onlyPrimaryMayChangeRoles: 'Only a primary director of this group can change director roles',
    notYourProfile: 'You can only view or change your own director profile',
    alreadyDirector: 'You are already a director of this group',
    alreadyPending: 'You already have a pending request to this group',
    requestNotFound: 'Join request not found',
    requestClosed: 'This join request has already been processed',
    notYourRequest: 'You can only cancel your own join request',
    onlyPrimaryMayDecide: 'Only a primary director of this group can approve or reject join requests',
    ownRequest: 'You cannot approve or reject your own join request',
  } as const,
  {
    joined: ['group'],
    pendingBlocks: ['group'],
    rejected: ['group'],
    joinRequestMessage: ['name', 'institute', 'group'],
  },
);

// ---------------------------------------------------------------- input schemas

export const required = (message: Message, max = 200) =>
  z
    .string(message)
    .trim()
    .min(1, { error: message.error, abort: true })
    .max(max, COMMON_MESSAGES.atMost(max));

/** Optional free text: absent, null and '' all mean "not given" and become ''. */
export const optionalText = (max: number, message = COMMON_MESSAGES.atMost(max)) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v ?? '');

const emailRegex = z.regexes.email;

const optionalEmail = z
  .string(GROUP_MESSAGES.emailInvalid)
  .trim()
  .toLowerCase()
  .max(254, GROUP_MESSAGES.emailInvalid)
  .refine((v) => v === '' || emailRegex.test(v), GROUP_MESSAGES.emailInvalid)
  .nullish()
  .transform((v) => v ?? '');

const isWebUrl = (v: string) => {
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    return Boolean(new URL(v).hostname);
  } catch {
    return false;
  }
};

const optionalWebsite = z
  .string(GROUP_MESSAGES.websiteInvalid)
  .trim()
  .max(500, GROUP_MESSAGES.websiteInvalid)
  .refine((v) => v === '' || isWebUrl(v), GROUP_MESSAGES.websiteInvalid)
  .nullish()
  .transform((v) => v ?? '');

const optionalPhone = z
  .string(GROUP_MESSAGES.phoneInvalid)
  .trim()
  .max(20, GROUP_MESSAGES.phoneInvalid)
  .refine((v) => v === '' || /^\+?[\d\s()-]{6,20}$/.test(v), GROUP_MESSAGES.phoneInvalid)
  .nullish()
  .transform((v) => v ?? '');

/** Year 1800 .. the current year (read when validating, not when loaded); '' or null = not given. */
export const establishmentYearSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number(GROUP_MESSAGES.yearInvalid)
    .int(GROUP_MESSAGES.yearInvalid)
    .refine((y) => y >= ESTABLISHMENT_YEAR_MIN && y <= new Date().getFullYear(), GROUP_MESSAGES.yearInvalid)
    .optional(),
);

/** A logo we issued (/uploads/...) or an https URL from the storage adapter; '' or null = none. */
export const groupLogoSchema = z
  .string(GROUP_MESSAGES.logoInvalid)
  .trim()
  .max(500, GROUP_MESSAGES.logoInvalid)
  .refine(
    (v) =>
      v === '' || (/^\/uploads\/[A-Za-z0-9/_.-]+$/.test(v) && !v.includes('..')) || /^https:\/\/\S+$/.test(v),
    GROUP_MESSAGES.logoInvalid,
  )
  .nullish()
  .transform((v) => (v ? v : null));

export const pincodeSchema = z
  .string(GROUP_MESSAGES.pincodeRequired)
  .trim()
  .min(1, { error: GROUP_MESSAGES.pincodeRequired.error, abort: true })
  .regex(/^\d{6}$/, GROUP_MESSAGES.pincodeInvalid);

export const groupAddressSchema = z
  .object({
    street: required(GROUP_MESSAGES.streetRequired, 300),
    city: required(GROUP_MESSAGES.cityRequired, 100),
    state: required(GROUP_MESSAGES.stateRequired, 100),
    pincode: pincodeSchema,
    country: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => v || DEFAULT_COUNTRY),
  })
  // A missing address reports each of its required fields, not one "invalid object".
  .prefault(() => ({ street: '', city: '', state: '', pincode: '' }));

export const groupTagsSchema = z
  .array(z.string().trim().min(1).max(GROUP_TAG_MAX_LENGTH, GROUP_MESSAGES.tagTooLong))
  .max(GROUP_TAGS_MAX, GROUP_MESSAGES.tagsTooMany)
  .nullish()
  .transform((tags) => {
    const seen = new Set<string>();
    return (tags ?? []).filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

export const groupTypeSchema = z.enum(GROUP_TYPES, GROUP_MESSAGES.typeRequired);

const groupFields = {
  group_name: required(GROUP_MESSAGES.nameRequired).max(120, GROUP_MESSAGES.nameTooLong),
  group_description: optionalText(2000, GROUP_MESSAGES.descriptionTooLong),
  group_type: groupTypeSchema,
  group_website: optionalWebsite,
  group_email: optionalEmail,
  group_phone: optionalPhone,
  group_address: groupAddressSchema,
  group_establishment_year: establishmentYearSchema,
  group_tags: groupTagsSchema,
  group_logo: groupLogoSchema,
};

/** Spec 3.5 create payload with every rule of spec 5.7; the form and POST /api/groups share it. */
export const groupCreateSchema = z.object({
  ...groupFields,
  isPrimaryDirector: z.boolean().default(true),
  isPrincipal: z.boolean().default(false),
});
/** What the form holds (before parsing) and what the server receives after parsing. */
export type GroupFormValues = z.input<typeof groupCreateSchema>;
export type GroupCreateInput = z.output<typeof groupCreateSchema>;

/**
 * PUT /api/groups/:id: the same form as create (edit mode). The director flags are optional
 * here and, when given, change the caller's own link to the group.
 */
export const groupUpdateSchema = z.object({
  ...groupFields,
  isPrimaryDirector: z.boolean().optional(),
  isPrincipal: z.boolean().optional(),
});
export type GroupUpdateInput = z.output<typeof groupUpdateSchema>;

export const groupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  type: z.enum(GROUP_TYPES).optional(),
});

export const GROUP_SEARCH_LIMIT = 20;
export const groupSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(''),
  type: z.enum(GROUP_TYPES).optional(),
});

export const groupIdParamsSchema = z.object({ id: z.uuid(GROUP_MESSAGES.notFound) });

// ---------------------------------------------------------------- answer schemas

export const groupAddressAnswerSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
});

export const groupInstituteSchema = z.object({
  institute_id: z.string(),
  institute_name: z.string(),
  institute_code: z.string(),
  logo_url: z.string().nullable(),
});

export const groupDirectorSchema = z.object({
  director_id: z.string(),
  name: z.string(),
  isPrimaryDirector: z.boolean(),
  isPrincipal: z.boolean(),
  institute_id: z.string().nullable(),
  institute_name: z.string().nullable(),
});

/** Spec 3.5 as read by members of the group (its directors, and admins of its institutes). */
export const groupSchema = z.object({
  _id: z.string(),
  group_name: z.string(),
  group_code: z.string(),
  group_type: z.enum(GROUP_TYPES),
  group_description: z.string(),
  group_website: z.string(),
  group_email: z.string(),
  group_phone: z.string(),
  main_office_address: groupAddressAnswerSchema,
  establishment_year: z.number().nullable(),
  group_tags: z.array(z.string()),
  group_logo: z.string().nullable(),
  status: z.enum(GROUP_STATUSES),
  group_institutes: z.array(groupInstituteSchema),
  total_institutes: z.number(),
  directors: z.array(groupDirectorSchema),
  /** The caller's own link, when the caller directs this group. */
  my_role: z.object({ isPrimaryDirector: z.boolean(), isPrincipal: z.boolean() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** What anyone signed in as admin or director may see of any group: the picker entry (spec 3.5). */
export const groupSummarySchema = z.object({
  group_id: z.string(),
  group_name: z.string(),
  group_description: z.string(),
  group_type: z.enum(GROUP_TYPES),
  group_code: z.string(),
  group_logo: z.string().nullable(),
  total_institutes: z.number(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupListAnswerSchema = z.object({
  items: z.array(groupSummarySchema),
  /** The same entries, under the name spec 7.2 reads. */
  groups: z.array(groupSummarySchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), hasMore: z.boolean() }),
});

export const groupSearchAnswerSchema = z.object({ groups: z.array(groupSummarySchema) });

export const groupCreatedSchema = z.object({
  _id: z.string(),
  group_name: z.string(),
  group_code: z.string(),
  group_type: z.enum(GROUP_TYPES),
  group_logo: z.string().nullable(),
});
export type GroupCreated = z.infer<typeof groupCreatedSchema>;

export const myGroupsSchema = z.object({
  groups: z.array(groupSchema),
  stats: z.object({ total_groups: z.number(), total_institutes: z.number() }),
});
export type MyGroups = z.infer<typeof myGroupsSchema>;

export const groupLogoAnswerSchema = z.object({ group_logo: z.string() });
