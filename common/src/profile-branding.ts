import { z } from 'zod';
import { BRANDING_ROLES, type Branding, type BrandingRole } from './institutes';
import { CONTACT_MESSAGES, optionalImageUrl, optionalText } from './profile';
import { MAX_FILE_MB } from './uploads';

/**
 * Update Profile's branding (issue 17 item 9): the institute's name, slogan, logo, cover image and
 * role images, as its admins and group directors change them after registration.
 */

/** Which picture an upload is for: the logo, the cover image or one role's image. */
export const BRANDING_SLOTS = ['logo', 'cover', ...BRANDING_ROLES] as const;
export type BrandingSlot = (typeof BRANDING_SLOTS)[number];

export const brandingSlotSchema = z.enum(BRANDING_SLOTS, CONTACT_MESSAGES.slotInvalid);

/** Spec 9's limits: a logo 1 MB, a cover 4 MB, a role image (a picture of people) 2 MB. */
export function brandingSlotMaxMb(slot: BrandingSlot): number {
  if (slot === 'logo') return MAX_FILE_MB.instituteLogo;
  if (slot === 'cover') return MAX_FILE_MB.coverImage;
  return MAX_FILE_MB.general;
}

const imageUrl = optionalImageUrl(CONTACT_MESSAGES.imageInvalid);

export const brandingUpdateSchema = z.object({
  institute_name: z
    .string()
    .trim()
    .min(2, CONTACT_MESSAGES.nameRequired)
    .max(120, CONTACT_MESSAGES.tooLong(120)),
  slogan: optionalText(200),
  logo_url: imageUrl,
  cover_image_url: imageUrl,
  /** One image per role; '' for none. */
  role_images: z.object(
    Object.fromEntries(BRANDING_ROLES.map((role) => [role, imageUrl])) as Record<
      BrandingRole,
      typeof imageUrl
    >,
  ),
});
export type BrandingUpdateInput = z.input<typeof brandingUpdateSchema>;
export type BrandingUpdate = z.output<typeof brandingUpdateSchema>;

/** The form's values from the branding the app already holds. */
export function brandingToUpdate(branding: Branding): BrandingUpdate {
  const byRole = new Map(branding.role_images.map((r) => [r.role, r.image_url]));
  return {
    institute_name: branding.institute_name,
    slogan: branding.slogan ?? '',
    logo_url: branding.logo_url ?? '',
    cover_image_url: branding.cover_image_url ?? '',
    role_images: Object.fromEntries(BRANDING_ROLES.map((role) => [role, byRole.get(role) ?? ''])) as Record<
      BrandingRole,
      string
    >,
  };
}
