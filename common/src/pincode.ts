import { z } from 'zod';
import { normaliseStateName } from './catalogue/states';
import { defineMessages } from './messages';

/** Spec 8.5: what the contact form says about a pincode lookup. */
export const PINCODE_MESSAGES = defineMessages('pincode', {
  notFound: 'Invalid pincode - no data found for this pincode',
  connection: 'Connection error - please check your internet',
  found: 'Location found and auto-filled',
  invalid: 'Pincode must be 6 digits',
  required: 'Pincode is required',
} as const);

export const PINCODE_PATTERN = /^\d{6}$/;

export const pincodeParamsSchema = z.object({
  pincode: z.string().regex(PINCODE_PATTERN, PINCODE_MESSAGES.invalid),
});

/** One post office of the public India Post service; our embedded data fills District and State. */
export const postOfficeSchema = z.object({
  Name: z.string().optional(),
  BranchType: z.string().optional(),
  DeliveryStatus: z.string().optional(),
  Circle: z.string().optional(),
  District: z.string(),
  Division: z.string().optional(),
  Region: z.string().optional(),
  Block: z.string().optional(),
  State: z.string(),
  Country: z.string().optional(),
  Pincode: z.string().optional(),
});
export type PostOffice = z.infer<typeof postOfficeSchema>;

/** Spec 7.7: a list whose first item has Status and PostOffice (null when nothing is found). */
export const pincodeAnswerSchema = z.array(
  z.object({
    Message: z.string(),
    Status: z.enum(['Success', 'Error']),
    PostOffice: z.array(postOfficeSchema).nullable(),
  }),
);
export type PincodeAnswer = z.infer<typeof pincodeAnswerSchema>;

/** Keeps only what a lookup needs: digits, at most six (spec 5.5). */
export const cleanPincodeInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, 6);

export type PincodePlace = { city: string; state: string };

/**
 * City and state from a lookup answer, or null when it found nothing. The state is today's
 * name of one of the 36 (older names such as Orissa become Odisha).
 */
export function placeFromAnswer(answer: unknown): PincodePlace | null {
  const parsed = pincodeAnswerSchema.safeParse(answer);
  if (!parsed.success) return null;
  const first = parsed.data[0];
  const office = first?.Status === 'Success' ? first.PostOffice?.[0] : undefined;
  if (!office) return null;
  const state = normaliseStateName(office.State);
  if (!state) return null;
  return { city: office.District, state };
}
