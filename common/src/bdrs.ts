import { z } from 'zod';
import { defineMessages } from './messages';

/** Spec 3.11 and 5.9: business development representatives, who register domains for institutes. */
export const BDR_ID_PATTERN = /^schooliko_\d{10}$/;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const REGISTRATION_GRANT_MINUTES = 30;

/** Spec 5.9 and 8.6, plus the texts of our real OTPs (DESIGN.md section 6). */
export const BDR_MESSAGES = defineMessages(
  'bdr',
  {
    bdrIdRequired: 'BDR ID is required',
    bdrIdInvalid: 'Invalid BDR ID format. Must be: schooliko_XXXXXXXXXX (10 digits)',
    notFound: 'BDR not found',
    otpSent: 'OTP sent to the registered email address',
    sendFailed: 'Failed to send OTP. Please try again.',
    otpRequired: 'Please enter OTP',
    otpFormat: 'OTP must be 6 digits',
    otpInvalid: 'Invalid OTP. Please try again.',
    otpExpired: 'This OTP has expired. Please request a new one.',
    otpUsed: 'This OTP has already been used. Please request a new one.',
    otpMissing: 'No OTP has been sent for this BDR ID. Please request one first.',
    otpExhausted: 'Too many incorrect attempts. Please request a new OTP.',
    otpVerified: 'OTP verified successfully',
    verifyFailed: 'Failed to verify OTP. Please try again.',
    resendWait: (seconds: number) =>
      `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new OTP.`,
    attemptsLeft: (n: number) => `${n} attempt${n === 1 ? '' : 's'} left`,
    nameRequired: 'Name is required',
    emailInvalid: 'Please enter a valid email address',
    contactInvalid: 'Please enter a valid 10-digit mobile number',
  } as const,
  { resendWait: ['count'], attemptsLeft: ['count'] },
);

/** Lower-cased as typed (spec 5.9), then checked against the pattern. */
export const bdrIdSchema = z
  .string(BDR_MESSAGES.bdrIdRequired)
  .trim()
  .toLowerCase()
  .min(1, BDR_MESSAGES.bdrIdRequired)
  .regex(BDR_ID_PATTERN, BDR_MESSAGES.bdrIdInvalid);

export const otpSchema = z
  .string(BDR_MESSAGES.otpRequired)
  .trim()
  .min(1, BDR_MESSAGES.otpRequired)
  .regex(/^\d{6}$/, BDR_MESSAGES.otpFormat);

export const bdrFetchQuerySchema = z.object({ bdr_id: bdrIdSchema });
export const verifyOtpBodySchema = z.object({ bdr_id: bdrIdSchema, otp: otpSchema });
export type VerifyOtpInput = z.infer<typeof verifyOtpBodySchema>;

/**
 * What GET /api/bdrs/fetch answers, the same for every well-formed id, registered or not: the
 * BDR's name comes with the verified code (verify-otp), so the lookup tells nobody which ids exist.
 */
export const bdrFetchDataSchema = z.object({
  bdr_id: z.string(),
  /** True outside production: the code is readable in the development mail viewer. */
  dev_mail_viewer: z.boolean(),
});
export type BdrFetchData = z.infer<typeof bdrFetchDataSchema>;

export const verifyOtpDataSchema = z.object({
  bdr_id: z.string(),
  bdr_name: z.string(),
  registration_token: z.string(),
  expires_at: z.string(),
});
export type VerifyOtpData = z.infer<typeof verifyOtpDataSchema>;

/** A BDR as the operator's CLI creates one. */
export const newBdrSchema = z.object({
  bdr_id: bdrIdSchema,
  name: z.string().trim().min(1, BDR_MESSAGES.nameRequired).max(100),
  email: z.string().trim().toLowerCase().pipe(z.email(BDR_MESSAGES.emailInvalid)),
  contact: z
    .string()
    .trim()
    .regex(/^\d{10}$/, BDR_MESSAGES.contactInvalid),
});
export type NewBdrInput = z.infer<typeof newBdrSchema>;
