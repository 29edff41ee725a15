import { z } from 'zod';
import { BRANDING_ROLES, type BrandingRole } from './institutes';
import { COMMON_MESSAGES, defineMessages, type Message } from './messages';

// ---------------------------------------------------------------------------------------------
// Domain registration (spec 2.16, 3.10, 4.11, 5.9, 8.6)

/** Spec 9: the extensions a registered domain may end in. */
export const DOMAIN_EXTENSIONS = [
  'com',
  'in',
  'org',
  'net',
  'edu',
  'gov.in',
  'co.in',
  'xyz',
  'info',
  'biz',
  'ac.in',
  'nic.in',
] as const;

/**
 * Outside production `*.localhost` names are accepted too: browsers resolve them to this
 * machine, so a freshly registered institute can be opened at once while developing.
 */
export const DEV_DOMAIN_EXTENSION = 'localhost';

/** Spec 3.10: five named registrars and 'Other'. */
export const DOMAIN_PROVIDERS = [
  'GoDaddy',
  'Hostinger',
  'BigRock',
  'Namecheap',
  'Squarespace (Google Domains)',
  'Other',
] as const;
export type DomainProvider = (typeof DOMAIN_PROVIDERS)[number];

export const DOMAIN_MESSAGES = defineMessages(
  'domain',
  {
    domainRequired: 'Please enter a domain name',
    domainInvalid: 'Invalid domain format. Use formats like: school.com, school.in, school.gov.in',
    domainExists: 'Domain already exists in our database. Please choose a different domain.',
    domainAvailable: 'Domain is available',
    checkFailed: 'Failed to check domain',
    checkAvailabilityFailed: 'Failed to check domain availability',
    verifyBdrFirst: 'Please verify BDR with OTP first',
    verifyDomainFirst: 'Please verify domain availability',
    instituteNameRequired: 'Institute name is required',
    contactPersonRequired: 'Contact person is required',
    providerRequired: 'Domain provider is required',
    purchaseDateRequired: 'Purchase date is required',
    purchaseDateFuture: 'Purchase date cannot be in the future',
    logoRequired: 'Please upload institute logo',
    roleImagesMissing: (roles: readonly string[]) => `Please upload images for: ${roles.join(', ')}`,
    notOurImage: 'Images must be uploaded through this form',
    registered: 'Domain registered successfully',
    registerFailed: 'Domain registration failed. Please try again.',
    notFound: 'Domain not found',
    updated: 'Domain updated successfully',
    deleted: 'Domain deleted successfully',
  } as const,
  { roleImagesMissing: ['roles'] },
);

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const escapeDots = (s: string) => s.replaceAll('.', '\\.');

/** The domain pattern of spec 5.9: one label (up to 63 characters) and a known extension. */
export function domainPattern(allowLocalhost: boolean): RegExp {
  const extensions: string[] = [...DOMAIN_EXTENSIONS];
  if (allowLocalhost) extensions.push(DEV_DOMAIN_EXTENSION);
  return new RegExp(`^${LABEL}\\.(?:${extensions.map(escapeDots).join('|')})$`);
}

/** Lower-cased, trimmed, a leading www. dropped, then checked against spec 5.9's pattern. */
export function registrableDomainSchema(allowLocalhost: boolean) {
  const pattern = domainPattern(allowLocalhost);
  return z
    .string(DOMAIN_MESSAGES.domainRequired)
    .trim()
    .toLowerCase()
    .transform((s) => s.replace(/^www\./, ''))
    .pipe(
      z
        .string()
        .min(1, DOMAIN_MESSAGES.domainRequired)
        .max(253)
        .regex(pattern, DOMAIN_MESSAGES.domainInvalid),
    );
}

/** The institute's label on the platform domain: its domain's first label. */
export function subdomainLabel(domain: string): string {
  return domain.split('.')[0] ?? domain;
}

const required = (message: Message, max = 120) =>
  z.string(message).trim().min(1, message).max(max, COMMON_MESSAGES.atMost(max));

export const purchaseDateSchema = z
  .string(DOMAIN_MESSAGES.purchaseDateRequired)
  .trim()
  .min(1, DOMAIN_MESSAGES.purchaseDateRequired)
  .pipe(z.iso.date(DOMAIN_MESSAGES.purchaseDateRequired))
  // A day of slack: the person registering may be a time zone ahead of the server.
  .refine((d) => d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
    error: DOMAIN_MESSAGES.purchaseDateFuture.error,
  });

export const domainRoleImageSchema = z.object({
  role: z.enum(BRANDING_ROLES),
  image_url: z.string().trim().min(1).max(500),
});

/** The roles of BRANDING_ROLES a list of role images is missing, in spec order. */
export function missingRoles(images: readonly { role: string; image_url?: string }[]): BrandingRole[] {
  return BRANDING_ROLES.filter((role) => !images.some((i) => i.role === role && i.image_url));
}

/** Step 3 of the wizard (spec 4.11): the institute's details, checked in spec 5.9's order. */
export const instituteInfoSchema = z.object({
  institute_name: required(DOMAIN_MESSAGES.instituteNameRequired),
  institute_contact_person: required(DOMAIN_MESSAGES.contactPersonRequired),
  domain_purchased_from: z.enum(DOMAIN_PROVIDERS, DOMAIN_MESSAGES.providerRequired),
  purchase_date: purchaseDateSchema,
  slogan: z.string().trim().max(200, COMMON_MESSAGES.atMost(200)).optional().default(''),
  subdomain_enabled: z.boolean().default(false),
});
export type InstituteInfoInput = z.input<typeof instituteInfoSchema>;
export type InstituteInfo = z.output<typeof instituteInfoSchema>;

/** Spec 3.10's payload, with the grant from OTP verification (checked on the server). */
export function domainRegistrationSchema(allowLocalhost: boolean) {
  return z
    .object({
      bdr_id: z.string().trim().toLowerCase().min(1, DOMAIN_MESSAGES.verifyBdrFirst).max(40),
      bdr_name: z.string().trim().max(120).optional(),
      domain_name: registrableDomainSchema(allowLocalhost),
      ...instituteInfoSchema.shape,
      logo_url: z.string(DOMAIN_MESSAGES.logoRequired).trim().min(1, DOMAIN_MESSAGES.logoRequired).max(500),
      role_images: z
        .array(domainRoleImageSchema)
        .max(BRANDING_ROLES.length * 2)
        .default([]),
      registration_token: z.string().trim().max(200).optional(),
    })
    .superRefine((value, ctx) => {
      const missing = missingRoles(value.role_images);
      if (missing.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['role_images'],
          ...DOMAIN_MESSAGES.roleImagesMissing(missing).issue,
        });
      }
    });
}
export type DomainRegistrationInput = z.infer<ReturnType<typeof domainRegistrationSchema>>;

export const checkDomainQuerySchema = (allowLocalhost: boolean) =>
  z.object({ domain_name: registrableDomainSchema(allowLocalhost) });

export const checkDomainAnswerSchema = z.object({
  success: z.literal(true),
  exists: z.boolean(),
  message: z.string(),
});

export const domainRegisteredSchema = z.object({
  institute_id: z.string(),
  domain_name: z.string(),
  url: z.string(),
  subdomain: z.string().nullable(),
});

/** Public settings the wizard needs before it can validate a domain. */
export const registrationSettingsSchema = z.object({
  allow_localhost: z.boolean(),
  dev_mail_viewer: z.boolean(),
  platform_domain: z.string(),
  extensions: z.array(z.string()),
  providers: z.array(z.string()),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

/** A domain record as the operator sees it. */
export const domainRecordSchema = z.object({
  id: z.string(),
  domain_name: z.string(),
  bdr_id: z.string(),
  institute_id: z.string().nullable(),
  institute_name: z.string().nullable(),
  institute_contact_person: z.string(),
  domain_purchased_from: z.string(),
  purchase_date: z.string(),
  subdomain_enabled: z.boolean(),
  subdomain: z.string().nullable(),
  created_at: z.string(),
});
export type DomainRecord = z.infer<typeof domainRecordSchema>;

export const domainUpdateSchema = (allowLocalhost: boolean) =>
  z
    .object({
      domain_name: registrableDomainSchema(allowLocalhost),
      institute_contact_person: required(DOMAIN_MESSAGES.contactPersonRequired),
      domain_purchased_from: z.enum(DOMAIN_PROVIDERS, DOMAIN_MESSAGES.providerRequired),
      purchase_date: purchaseDateSchema,
      subdomain_enabled: z.boolean(),
    })
    .partial();
export type DomainUpdateInput = z.infer<ReturnType<typeof domainUpdateSchema>>;
