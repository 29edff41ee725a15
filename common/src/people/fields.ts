import { z } from 'zod';
import { defineMessages, type Message } from '../messages';
import { CONTACT_MESSAGES, optionalText } from '../profile';

/** Field rules shared by the people schemas (students, guardians, staff). */
export const PEOPLE_FIELD_MESSAGES = defineMessages('people', {
  nameRequired: 'Please enter a name',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dateInFuture: 'The date cannot be in the future',
  apaarInvalid: 'APAAR ID must be exactly 12 digits',
  penInvalid: 'PEN must be 11 digits',
  aadhaarLast4Invalid: 'Enter only the last 4 digits of Aadhaar',
  pincodeInvalid: 'Pincode must be 6 digits',
  phoneInvalid: 'Please enter a valid 10-digit mobile number',
  emailInvalid: 'Please enter a valid email address',
  codeInvalid: 'Use letters, digits, / and - only (up to 30 characters)',
  photoInvalid: 'Please upload a photo',
} as const);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A calendar date as YYYY-MM-DD (never a time zone shift). */
export const dateField = z.string().trim().refine(isRealDate, PEOPLE_FIELD_MESSAGES.dateInvalid);
/** A date that may be left empty: '' or null become null. */
export const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || isRealDate(v), PEOPLE_FIELD_MESSAGES.dateInvalid);

export const personName = (max = 60) =>
  z.string().trim().min(1, PEOPLE_FIELD_MESSAGES.nameRequired).max(max, CONTACT_MESSAGES.tooLong(max));

/** Admission numbers and employee codes: what schools print on registers ("2024/117", "T-031"). */
export const recordCode = z
  .string()
  .trim()
  // A refinement, not .regex(): the pattern applies to the trimmed text, which JSON Schema cannot say.
  .refine((v) => /^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/.test(v), PEOPLE_FIELD_MESSAGES.codeInvalid);

const digits = (n: number, message: Message) =>
  optionalText(n + 4)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || new RegExp(`^\\d{${n}}$`).test(v), message);

export const apaarField = digits(12, PEOPLE_FIELD_MESSAGES.apaarInvalid);
export const penField = digits(11, PEOPLE_FIELD_MESSAGES.penInvalid);
export const aadhaarLast4Field = digits(4, PEOPLE_FIELD_MESSAGES.aadhaarLast4Invalid);
export const pincodeField = digits(6, PEOPLE_FIELD_MESSAGES.pincodeInvalid);

/** An Indian mobile number: 10 digits starting 6-9, an optional +91 or 0 in front is dropped. */
export const mobileField = optionalText(20)
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
  .refine((v) => v === '' || /^[6-9]\d{9}$/.test(v), PEOPLE_FIELD_MESSAGES.phoneInvalid);

export const emailField = optionalText(254).refine(
  (v) => v === '' || z.email().safeParse(v).success,
  PEOPLE_FIELD_MESSAGES.emailInvalid,
);

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Sorting a list: a column name and a direction. */
export const sortSchema = <C extends readonly [string, ...string[]]>(columns: C) =>
  z.object({
    sort: z.enum(columns).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
  });

export const uuidParam = z.object({ id: z.uuid() });

/** The same field without what it does for a missing value (a default, or an optional's transform). */
function absentStaysAbsent(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodOptional) return field.unwrap() as z.ZodType;
  if (field instanceof z.ZodPipe)
    return field.clone({ ...field._zod.def, in: absentStaysAbsent(field._zod.def.in as z.ZodType) });
  return field;
}

/**
 * A PATCH body: any subset of `schema`'s fields, and a field left out stays out. (zod 4's
 * `.partial()` still applies a field's default or its optional's transform to a missing field, so
 * a PATCH of one field would write '' or null over every other.)
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      absentStaysAbsent(field as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof T]: z.ZodOptional<T[K]> }>;
}
