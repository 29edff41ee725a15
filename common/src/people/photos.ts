import { defineMessages, type Message } from '../messages';
import { formatMb, type ImageMimeType, MAX_FILE_MB, MB, UPLOAD_MESSAGES } from '../uploads';

/** The records that carry a photo (the path of their routes: /api/<kind>/:id/photo). */
export const PHOTO_KINDS = ['students', 'staff', 'visitors'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** A person's photo is a picture of a person: spec 9's "general" size, under 2 MB. */
export const PHOTO_MAX_MB = MAX_FILE_MB.general;
/** A photo is a still picture: JPEG, PNG or WebP (no GIF), told on the server by its bytes. */
export const PHOTO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
] as const satisfies readonly ImageMimeType[];
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');
/** Photos are shown as avatars and on ID cards: never more than this many pixels a side. */
export const PHOTO_MAX_SIDE = 1024;

export const PHOTO_MESSAGES = defineMessages('photos', {
  invalidType: 'Please select a JPG, PNG or WebP photo',
  failed: 'Failed to upload the photo. Please try again.',
  uploaded: 'Photo updated',
  removed: 'Photo removed',
});

/** Null when the picked file may be sent, else what is wrong (the server checks again). */
export function photoFileProblem(file: { type: string; size: number }): Message | null {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.invalidType;
  if (file.size === 0) return UPLOAD_MESSAGES.noFile;
  if (file.size >= PHOTO_MAX_MB * MB) return UPLOAD_MESSAGES.tooLarge(PHOTO_MAX_MB, formatMb(file.size));
  return null;
}
