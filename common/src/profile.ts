import { z } from 'zod';
import { INDIAN_STATES } from './catalogue/states';
import { defineMessages, type Message } from './messages';
import { PINCODE_MESSAGES, PINCODE_PATTERN } from './pincode';

/** The texts the contact form (spec 2.10, 5.5) and the website builder's contact block show. */
export const CONTACT_MESSAGES = defineMessages(
  'profile',
  {
    websiteInvalid: 'Website URL should start with http:// or https://',
    urlInvalid: 'Please enter a valid URL starting with http:// or https://',
    emailInvalid: 'Please enter a valid email address',
    phoneInvalid: 'Please enter a valid phone number (10 to 15 digits)',
    stateInvalid: 'Please choose a state or union territory from the list',
    latitudeInvalid: 'Latitude must be a number between -90 and 90',
    longitudeInvalid: 'Longitude must be a number between -180 and 180',
    socialInvalid: 'Enter a link starting with https:// or a handle such as @yourschool',
    whatsappInvalid: 'Enter a WhatsApp number (10 to 15 digits) or a https://wa.me/ link',
    tooLong: (max: number) => `Please keep this under ${max} characters`,
    profileSaved: 'Contact information saved',
    profileForbidden:
      "Only the institute's admins and its group's directors can change its contact information",
    nameRequired: 'Please enter the institute name',
    imageInvalid: 'Please upload this image again',
    slotInvalid: 'Choose which image this is: logo, cover or a role',
    brandingSaved: 'Name, logo and images saved',
    imageUploaded: 'Image uploaded',
  } as const,
  { tooLong: ['max'] },
);

export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'instagram',
  'linkedin',
  'youtube',
  'whatsapp',
  'telegram',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Free text, trimmed, '' when not given. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, CONTACT_MESSAGES.tooLong(max)).default('');

const isHttpUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname.includes('.') || new URL(value).hostname === 'localhost');
  } catch {
    return false;
  }
};

/** An http(s) address, or '' when not given. */
export const optionalUrl = (message: Message = CONTACT_MESSAGES.urlInvalid) =>
  optionalText(500).refine((v) => v === '' || isHttpUrl(v), message);

/** An image address: http(s), or a path on this site (uploads, bundled images); '' when not given. */
export const optionalImageUrl = (message: Message) =>
  optionalText(500).refine((v) => v === '' || isHttpUrl(v) || /^\/[^/\\\s][^\s]*$/.test(v), message);

export const optionalEmail = optionalText(254).refine(
  (v) => v === '' || z.email().safeParse(v).success,
  CONTACT_MESSAGES.emailInvalid,
);

/** A phone number: 10 to 15 digits, with optional +, spaces, hyphens and brackets. */
export const optionalPhone = optionalText(25).refine(
  (v) => v === '' || (/^[+\d][\d\s\-()]*$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, ''))),
  CONTACT_MESSAGES.phoneInvalid,
);

export const optionalPincode = optionalText(6).refine(
  (v) => v === '' || PINCODE_PATTERN.test(v),
  PINCODE_MESSAGES.invalid,
);

export const optionalState = optionalText(60).refine(
  (v) => v === '' || INDIAN_STATES.includes(v),
  CONTACT_MESSAGES.stateInvalid,
);

/**
 * A number typed into a text field (or sent as a number): null when empty, else within [min, max].
 * Forms hold strings; the API stores numbers.
 */
export const optionalNumber = (min: number, max: number, message: Message, integer = false) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx): number | null => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', ...message.issue });
        return z.NEVER;
      }
      return n;
    });

const HANDLE = /^@?[A-Za-z0-9._-]{1,100}$/;

const socialLink = (network: SocialNetwork) =>
  optionalText(300).refine(
    (v) => {
      if (v === '' || isHttpUrl(v)) return true;
      if (network === 'whatsapp') return /^\+?[\d\s-]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, ''));
      return HANDLE.test(v);
    },
    network === 'whatsapp' ? CONTACT_MESSAGES.whatsappInvalid : CONTACT_MESSAGES.socialInvalid,
  );

export const socialLinksSchema = z.object({
  facebook: socialLink('facebook'),
  twitter: socialLink('twitter'),
  instagram: socialLink('instagram'),
  linkedin: socialLink('linkedin'),
  youtube: socialLink('youtube'),
  whatsapp: socialLink('whatsapp'),
  telegram: socialLink('telegram'),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const EMPTY_SOCIAL_LINKS: SocialLinks = {
  facebook: '',
  twitter: '',
  instagram: '',
  linkedin: '',
  youtube: '',
  whatsapp: '',
  telegram: '',
};

const SOCIAL_BASE: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/',
  twitter: 'https://x.com/',
  instagram: 'https://www.instagram.com/',
  linkedin: 'https://www.linkedin.com/company/',
  youtube: 'https://www.youtube.com/@',
  whatsapp: 'https://wa.me/',
  telegram: 'https://t.me/',
};

/** The link a visitor follows for a saved social entry (a URL as is, a handle or number expanded). */
export function socialUrl(network: SocialNetwork, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (isHttpUrl(v)) return v;
  if (network === 'whatsapp') {
    const digits = v.replace(/\D/g, '');
    return `${SOCIAL_BASE.whatsapp}${digits.length === 10 ? `91${digits}` : digits}`;
  }
  return `${SOCIAL_BASE[network]}${v.replace(/^@/, '')}`;
}

/** Spec 2.10 / 3.9: the institute's contact information. */
export const profileSchema = z.object({
  website: optionalUrl(CONTACT_MESSAGES.websiteInvalid),
  address: optionalText(500),
  landmark: optionalText(200),
  pincode: optionalPincode,
  city: optionalText(100),
  state: optionalState,
  latitude: optionalNumber(-90, 90, CONTACT_MESSAGES.latitudeInvalid),
  longitude: optionalNumber(-180, 180, CONTACT_MESSAGES.longitudeInvalid),
  /** Shown to visitors (the site's "Reach us"): the office's, never a person's account data. */
  publicPhone: optionalPhone,
  publicEmail: optionalEmail,
  socialMedia: socialLinksSchema.prefault({}),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

export const EMPTY_PROFILE: Profile = {
  website: '',
  address: '',
  landmark: '',
  pincode: '',
  city: '',
  state: '',
  latitude: null,
  longitude: null,
  publicPhone: '',
  publicEmail: '',
  socialMedia: EMPTY_SOCIAL_LINKS,
};

/** A map link for a point, or null when either coordinate is missing. */
export function mapLink(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null) return null;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
