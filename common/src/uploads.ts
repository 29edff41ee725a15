import { BRANDING_ROLES, type BrandingRole } from './institutes';
import { defineMessages } from './messages';

/** Spec 9's maximum file sizes, in MB. */
export const MAX_FILE_MB = {
  groupLogo: 1,
  profilePicture: 1,
  coverImage: 4,
  instituteLogo: 1,
  bannerImage: 5,
  document: 10,
  general: 2,
} as const;

export const MB = 1024 * 1024;

/** Spec 5.8 / 9: the image types we accept, checked on the server by the file's own bytes. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

export const UPLOAD_MESSAGES = defineMessages(
  'upload',
  {
    invalidType: 'Please select a valid image file (JPG, PNG, GIF, WebP)',
    tooLarge: (limitMb: number, size: string) =>
      `Image size should be less than ${limitMb}MB. Current size: ${size}`,
    noFile: 'Please select an image first',
    badFolder: 'Invalid upload folder',
    notAllowed: 'Please verify BDR with OTP first or sign in to upload images',
    logoFailed: 'Failed to upload logo',
    imageFailed: 'Failed to upload image',
    someFailed: (roles: readonly string[]) => `Failed to upload: ${roles.join(', ')}`,
    logoUploaded: 'Logo uploaded successfully!',
    imagesUploaded: 'All role images uploaded successfully!',
    uploaded: 'File uploaded successfully',
  } as const,
  { tooLarge: ['limit', 'size'], someFailed: ['roles'] },
);

/** '1.25MB': how spec 5.8 shows a size. */
export function formatMb(bytes: number): string {
  return `${(bytes / MB).toFixed(2)}MB`;
}

/** The product prefix every upload folder starts with (spec 7.6). */
export const UPLOAD_PREFIX = 'schooliko';

export type UploadTarget = { kind: 'logo' } | { kind: 'role'; role: BrandingRole };

/**
 * Spec 7.6: `schooliko/<4-digit counter>_<domain as up to 20 lowercase letters and digits>_<yyyymmdd>`
 * then `/logo` or `/roles/<role>`.
 */
export const UPLOAD_FOLDER_PATTERN = new RegExp(
  `^${UPLOAD_PREFIX}/(\\d{4})_([a-z0-9]{1,20})_(\\d{8})/(logo|roles/(${BRANDING_ROLES.join('|')}))$`,
);

export function reduceDomain(domain: string): string {
  return domain
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
}

export function uploadFolder(counter: number, domain: string, date: Date, target: UploadTarget): string {
  const yyyymmdd = `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}`;
  const base = `${UPLOAD_PREFIX}/${String(counter % 10_000).padStart(4, '0')}_${reduceDomain(domain) || 'institute'}_${yyyymmdd}`;
  return target.kind === 'logo' ? `${base}/logo` : `${base}/roles/${target.role}`;
}

/** The folder's kind and size limit, or null when it is not a folder of spec 7.6. */
export function parseUploadFolder(folder: string): { target: UploadTarget; maxMb: number } | null {
  const match = UPLOAD_FOLDER_PATTERN.exec(folder);
  if (!match) return null;
  const date = match[3] ?? '';
  const month = Number(date.slice(4, 6));
  const day = Number(date.slice(6, 8));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const role = match[5] as BrandingRole | undefined;
  // Logos are an institute logo (1 MB); role images are pictures of people at their size 'general' (2 MB).
  return role
    ? { target: { kind: 'role', role }, maxMb: MAX_FILE_MB.general }
    : { target: { kind: 'logo' }, maxMb: MAX_FILE_MB.instituteLogo };
}
