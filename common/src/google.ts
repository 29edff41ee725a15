// zod/mini, like auth.ts: the sign-in page reads these.
import * as z from 'zod/mini';
import { ROLES } from './auth';
import { defineMessages } from './messages';

/**
 * "Continue with Google" (spec 2.4; server/src/platform/auth/auth.google.routes.ts): its messages,
 * `google.<key>`, kept apart so that pages without the button do not carry them.
 */
export const GOOGLE_MESSAGES = defineMessages('google', {
  notConfigured: 'Google sign-in is not enabled here. Please sign in with your email and password.',
  stateMismatch: 'The answer from Google did not match this sign-in. Please try again.',
  expired:
    'The Google sign-in took too long or was started in another browser. Please continue with Google again.',
  unverifiedEmail:
    'Your Google account has no verified email address. Please verify it with Google, or sign in with your password.',
  cancelled: 'Google sign-in was cancelled.',
  failed: 'Google sign-in failed. Please try again, or sign in with your password.',
  signUp: 'No account here uses this Google email yet. Please complete the form to sign up.',
  signUpExpired: 'This Google sign-up has expired. Please continue with Google again.',
} as const);

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** `/signin?google=signed-in`: the Google callback signed this browser in (the refresh cookie is set). */
export const GOOGLE_SIGNED_IN = 'signed-in';

/** `GET /api/auth/google/start?role=`: the role picked on the sign-in page, if any. */
export const googleStartQuerySchema = z.object({ role: z.optional(z.enum(ROLES)) });

/** What Google sends back to `GET /api/auth/google/callback` (it may add more; those are kept). */
export const googleCallbackQuerySchema = z.looseObject({
  code: optionalText(2000),
  state: optionalText(200),
  error: optionalText(200),
});

/** What Google told us about a person who has no account here yet (the sign-up page's prefill). */
export const googlePrefillSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type GooglePrefill = z.infer<typeof googlePrefillSchema>;
export const googlePrefillBodySchema = z.object({
  token: z.string(GOOGLE_MESSAGES.signUpExpired).check(z.minLength(1), z.maxLength(2000)),
});
