// zod/mini: the branding is read by the first view of every page (see auth.ts).
import * as z from 'zod/mini';
import { defineMessages } from './messages';

export const BRANDING_ROLES = ['admin', 'director', 'principal', 'student', 'parent'] as const;
export type BrandingRole = (typeof BRANDING_ROLES)[number];

export const DEFAULT_INSTITUTE_NAME = 'Schooliko Development Institute';
export const DEFAULT_LOGO_URL = '/images/school-logos/logo-1.png';
export const BRANDING_CACHE_MS = 300_000;

export const roleImageSchema = z.object({ role: z.enum(BRANDING_ROLES), image_url: z.string() });
export type RoleImage = z.infer<typeof roleImageSchema>;

/** Spec 3.4: the branding the product loads for the visited host. */
export const brandingSchema = z.object({
  institute_id: z.string(),
  institute_code: z.string(),
  institute_name: z.string(),
  logo_url: z.nullable(z.string()),
  slogan: z.nullable(z.string()),
  cover_image_url: z.nullable(z.string()),
  role_images: z.array(roleImageSchema),
  /** The sign-in and sign-up pages show "Continue with Google" (set where those pages read it). */
  google_sign_in: z.optional(z.boolean()),
});
export type Branding = z.infer<typeof brandingSchema>;

export const domainNameSchema = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(253));

export const basicDataBodySchema = z.object({ domain: domainNameSchema });

export const INSTITUTE_MESSAGES = defineMessages('institute', {
  notFound: 'No institute is registered for this domain',
  fetchFailed: 'Failed to fetch institute data',
  loadFailed: 'Failed to load institute data',
  connection: 'Connection error occurred',
  defaultData: 'Using default institute data',
} as const);
