import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { optionalDate } from '../people/fields';
import { optionalText } from '../profile';

/**
 * The postal register (issue 15 item 4): inward and dispatch entries, each numbered gap-free per
 * institute and year in its own series. Entries are never deleted; a mistaken one is cancelled.
 */
export const POSTAL_MESSAGES = defineMessages(
  'postal',
  {
    created: 'Postal entry saved',
    notFound: 'Postal entry not found',
    cancelled: 'Postal entry cancelled',
    alreadyCancelled: 'This entry is already cancelled',
    addresseeNeeded: 'A confidential entry needs the staff member it is addressed to',
    scanSaved: 'Scanned copy saved',
    scanNotFound: 'No scanned copy is attached to this entry',
    scanInvalidType: 'Attach the scanned copy as a PDF, JPG or PNG file',
    scanTooLarge: (limitMb: number, size: string) =>
      `The scanned copy must be under ${limitMb} MB. This one is ${size}`,
    scanFailed: 'The scanned copy could not be stored; please try again',
    postForYou: 'Post for you',
  } as const,
  { scanTooLarge: ['limit', 'size'] },
);

/** How an entry's number is written in the register and on the letter: IN/2026-27/14. */
export const postalSerial = (e: { direction: string; year: string; serial_no: number }) =>
  `${e.direction === 'inward' ? 'IN' : 'OUT'}/${e.year}/${e.serial_no}`;

/** A scanned copy of the letter or parcel slip: PDF or a picture, told by its own bytes. */
export const POSTAL_SCAN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type PostalScanType = (typeof POSTAL_SCAN_TYPES)[number];
export const POSTAL_SCAN_ACCEPT = `${POSTAL_SCAN_TYPES.join(',')},.pdf,.jpg,.jpeg,.png`;
export const POSTAL_SCAN_MAX_MB = 10;

export const POSTAL_DIRECTIONS = ['inward', 'dispatch'] as const;
export type PostalDirection = (typeof POSTAL_DIRECTIONS)[number];
export const POSTAL_MODES = ['post', 'courier', 'speed_post', 'registered_post', 'hand'] as const;
export type PostalMode = (typeof POSTAL_MODES)[number];

const MODE_WORDS: Record<PostalMode, string> = {
  post: 'post',
  courier: 'courier',
  speed_post: 'speed post',
  registered_post: 'registered post',
  hand: 'hand',
};

/**
 * What the addressee of inward post is told: where it waits and its number; the sender and subject
 * only when it is not confidential (a notification shows on a shared screen, and in a phone's bar).
 */
export function postForYouText(e: {
  direction: string;
  year: string;
  serial_no: number;
  confidential: boolean;
  party_name: string;
  mode: PostalMode;
}): string {
  const serial = postalSerial(e);
  return e.confidential
    ? `A confidential letter for you is at the front office (${serial}).`
    : `${e.party_name} sent you post by ${MODE_WORDS[e.mode]}: it is at the front office (${serial}).`;
}

export const postalInputSchema = z
  .object({
    direction: z.enum(POSTAL_DIRECTIONS),
    on: optionalDate,
    reference_no: optionalText(60),
    party_name: z.string().trim().min(1).max(150),
    party_address: optionalText(300),
    subject: optionalText(300),
    mode: z.enum(POSTAL_MODES).default('post'),
    tracking_no: optionalText(60),
    confidential: z.boolean().default(false),
    addressee_staff_id: z
      .union([z.uuid(), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
  })
  .refine((v) => !v.confidential || v.addressee_staff_id !== null, {
    error: POSTAL_MESSAGES.addresseeNeeded.error,
    path: ['addressee_staff_id'],
  });
export type PostalInput = z.input<typeof postalInputSchema>;

export const postalSchema = z.object({
  id: z.uuid(),
  direction: z.enum(POSTAL_DIRECTIONS),
  serial_no: z.number(),
  year: z.string(),
  on: z.string(),
  reference_no: z.string(),
  party_name: z.string(),
  party_address: z.string(),
  subject: z.string(),
  mode: z.enum(POSTAL_MODES),
  tracking_no: z.string(),
  confidential: z.boolean(),
  addressee_staff_id: z.uuid().nullable(),
  addressee_name: z.string().nullable(),
  /** The scanned copy, streamed by GET /api/postal-records/:id/scan to whoever sees the entry. */
  scan: z.object({ name: z.string(), content_type: z.enum(POSTAL_SCAN_TYPES), bytes: z.number() }).nullable(),
  state: z.enum(['recorded', 'cancelled']),
  created_at: z.string(),
});
export type PostalEntry = z.output<typeof postalSchema>;

export const postalListQuery = pageQuery.extend({
  direction: z.enum(POSTAL_DIRECTIONS).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PostalListQuery = z.output<typeof postalListQuery>;

export const postalCancelSchema = z.object({ reason: z.string().trim().min(1).max(300) });
