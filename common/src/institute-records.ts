import { z } from 'zod';
import { INSTITUTE_TYPE_IDS } from './catalogue/institute-types';
import { DOMAIN_MESSAGES } from './domains';
import { roleImageSchema } from './institutes';
import { defineMessages } from './messages';

/** Spec 7.5: institutes as the platform operator manages them (GET/POST/PUT/DELETE /api/institutes). */
export const INSTITUTE_RECORD_MESSAGES = defineMessages('instituteRecord', {
  notFound: 'Institute not found',
  created: 'Institute created successfully',
  updated: 'Institute updated successfully',
  deleted: 'Institute deleted successfully',
  codeInvalid: 'Institute code must be 2 to 12 capital letters or digits',
  codeTaken: 'This institute code is already in use',
  domainTaken: DOMAIN_MESSAGES.domainExists,
  deleteOwn: 'You cannot delete the institute you are signed in to',
} as const);

/** Any host name (the operator may serve an institute on any domain, e.g. localhost in development). */
export const hostNameSchema = z
  .string(DOMAIN_MESSAGES.domainRequired)
  .trim()
  .toLowerCase()
  .min(1, DOMAIN_MESSAGES.domainRequired)
  .max(253, DOMAIN_MESSAGES.domainInvalid)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    DOMAIN_MESSAGES.domainInvalid,
  );

const optionalUrl = z.string().trim().max(500).nullable().optional();

export const instituteBodySchema = z.object({
  institute_name: z
    .string(DOMAIN_MESSAGES.instituteNameRequired)
    .trim()
    .min(1, DOMAIN_MESSAGES.instituteNameRequired)
    .max(120),
  institute_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, INSTITUTE_RECORD_MESSAGES.codeInvalid)
    .optional(),
  domain: hostNameSchema,
  subdomain: hostNameSchema.nullable().optional(),
  type: z.enum(INSTITUTE_TYPE_IDS).default('school'),
  logo_url: optionalUrl,
  slogan: z.string().trim().max(200).nullable().optional(),
  cover_image_url: optionalUrl,
  role_images: z.array(roleImageSchema).max(10).optional(),
  contact_person: z.string().trim().max(120).nullable().optional(),
});
export type InstituteBody = z.infer<typeof instituteBodySchema>;

export const instituteUpdateSchema = instituteBodySchema.partial().extend({
  type: z.enum(INSTITUTE_TYPE_IDS).optional(),
});
export type InstituteUpdate = z.infer<typeof instituteUpdateSchema>;

export const instituteRecordSchema = z.object({
  institute_id: z.string(),
  institute_code: z.string(),
  institute_name: z.string(),
  domain: z.string(),
  subdomain: z.string().nullable(),
  type: z.string(),
  logo_url: z.string().nullable(),
  slogan: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  role_images: z.array(roleImageSchema),
  contact_person: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InstituteRecord = z.infer<typeof instituteRecordSchema>;
