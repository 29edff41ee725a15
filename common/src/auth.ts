import * as z from 'zod/mini';
import { defineMessages, type Message } from './messages';

export const ROLES = ['admin', 'director', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** Roles whose sign-up always waits for an admin's approval (admin and director wait once the institute has an active admin). */
export const APPROVAL_ROLES: readonly Role[] = ['teacher', 'student', 'parent'];

export const PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
export const RESET_TOKEN_MINUTES = 30;

/** Spec 5 and 8.2: the exact texts people read. */
export const AUTH_MESSAGES = defineMessages('auth', {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  resetPasswordMin: 'Password must be at least 8 characters',
  roleRequired: 'Please select a role',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid 10-digit mobile number',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  tokenMissing: 'Invalid or missing reset token',
  tokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  instituteMissing: 'Institute information not available. Please refresh the page.',
  badCredentials: 'Invalid email or password',
  pendingApproval:
    "Your account is awaiting approval from the institute's admin. You can sign in once it is approved.",
  rejected: "Your request to join this institute was declined by the institute's admin.",
  roleNotHeld: 'You do not have this role at this institute',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  alreadyMember: 'You already have this role at this institute. Please sign in instead.',
  signInFailed: 'Sign in failed',
  signUpFailed: 'Sign up failed',
  resetLinkFailed: 'Failed to send reset link',
  resetFailed: 'Password reset failed',
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent to it.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  signInSuccess: 'Successfully signed in! Redirecting...',
  signedInOtherRole: 'You do not have this role at this institute. You are signed in with a role you hold.',
  signUpSuccess: 'Account created successfully! Redirecting to sign in...',
  signUpPending: "Account created. You can sign in once the institute's admin approves your request.",
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'Access forbidden',
  wrongInstitute: 'This session belongs to another institute. Please sign in here.',
  unknownInstitute:
    "No institute is registered for this web address, so you cannot sign in or sign up here. Please open your institute's own address.",
  requestHandled: 'This request has already been handled',
  requestApproved: 'Request approved',
  requestRejected: 'Request rejected',
  signedOut: 'Signed out',
  roleSwitched: 'Role switched',
  nameTooLong: 'Name is too long',
  passwordMax: 'Password must be at most 128 characters',
} as const);

const inSeconds = (seconds: number) => `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;

const AUTH_WAITS = defineMessages(
  'auth',
  {
    tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${inSeconds(seconds)}.`,
    passwordsBusy: (seconds: number) =>
      `Many people are signing in right now. Please try again in ${inSeconds(seconds)}.`,
  },
  { tooManyAttempts: ['count'], passwordsBusy: ['count'] },
);

/** Spec-style message for a 429, with the wait in whole seconds. */
export const tooManyAttemptsMessage = AUTH_WAITS.tooManyAttempts;

/** A 503 while the server checks as many passwords at once as it will (a burst of sign-ins). */
export const passwordsBusyMessage = AUTH_WAITS.passwordsBusy;

// zod/mini: the sign-in page is the first view of most visits, and the classic API would add
// about 20 kB of compressed JavaScript to it (bench/README.md). Same checks, functional style.
const email = z.pipe(
  z
    .string(AUTH_MESSAGES.emailRequired)
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, AUTH_MESSAGES.emailRequired),
      z.maxLength(254, AUTH_MESSAGES.emailInvalid),
    ),
  z.email(AUTH_MESSAGES.emailInvalid),
);

const password = z
  .string(AUTH_MESSAGES.passwordRequired)
  .check(
    z.minLength(1, AUTH_MESSAGES.passwordRequired),
    z.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordMin),
    z.maxLength(128, AUTH_MESSAGES.passwordMax),
  );

const role = z.enum(ROLES, AUTH_MESSAGES.roleRequired);

/** A string of at most `max` characters, or nothing. */
const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

export const personName = (required: Message) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(60, AUTH_MESSAGES.nameTooLong));

export const mobile = z
  .string(AUTH_MESSAGES.mobileRequired)
  .check(
    z.trim(),
    z.minLength(1, AUTH_MESSAGES.mobileRequired),
    z.regex(/^\d{10}$/, AUTH_MESSAGES.mobileInvalid),
  );

/** A password chosen now (reset, change): spec 5.3's rule, at least 8 characters. */
export const newPassword = z
  .string(AUTH_MESSAGES.passwordRequired)
  .check(
    z.minLength(1, AUTH_MESSAGES.passwordRequired),
    z.minLength(RESET_PASSWORD_MIN, AUTH_MESSAGES.resetPasswordMin),
    z.maxLength(128, AUTH_MESSAGES.passwordMax),
  );

/** A required text whose first message, when missing or empty, is `message`. */
export const requiredText = (message: Message) => z.string(message).check(z.minLength(1, message));

/**
 * 'Passwords do not match' as soon as both are typed, even while other fields are still wrong
 * (zod otherwise skips object checks until every field is valid).
 */
export const passwordsMatch = z.refine<{ password: string; confirm_password: string }>(
  (v) => v.password === v.confirm_password,
  {
    path: ['confirm_password'],
    error: AUTH_MESSAGES.passwordsMismatch.error,
    when: (payload: { value: unknown }) => {
      const v = payload.value as { password?: unknown; confirm_password?: unknown } | null;
      return (
        typeof v === 'object' &&
        v !== null &&
        typeof v.password === 'string' &&
        typeof v.confirm_password === 'string' &&
        v.confirm_password.length > 0
      );
    },
  },
);

export const signInSchema = z.object({
  email,
  password,
  role,
  institute_id: optionalText(64),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    first_name: personName(AUTH_MESSAGES.firstNameRequired),
    last_name: personName(AUTH_MESSAGES.lastNameRequired),
    email,
    mobile,
    password,
    confirm_password: requiredText(AUTH_MESSAGES.confirmRequired),
    role,
    roles: z.optional(z.array(role).check(z.maxLength(5))),
    institute_id: optionalText(64),
    institute_data: z.optional(
      z.object({
        institute_code: optionalText(64),
        institute_name: optionalText(200),
        institute_logo: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
        institute_slogan: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
      }),
    ),
  })
  .check(passwordsMatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z
      .string(AUTH_MESSAGES.tokenMissing)
      .check(z.minLength(1, AUTH_MESSAGES.tokenMissing), z.maxLength(200)),
    password: newPassword,
    confirm_password: requiredText(AUTH_MESSAGES.confirmRequired),
  })
  .check(passwordsMatch);

export const switchRoleSchema = z.object({ role });
export const refreshSchema = z.object({ refreshToken: optionalText(200) });

/** Spec 3.1: the signed-in user, snake_case as the server sends it. */
export const authUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** The person's own photo (Profile Settings, POST /api/auth/me/photo), '' when none. */
  photo_url: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
  /** What the caller may do acting in `role` (common/permissions.ts); the web's guards read it. */
  permissions: z.array(z.string()),
  is_operator: z.boolean(),
  current_institute_id: z.nullable(z.string()),
  institute_data: z.nullable(z.object({ institute_id: z.string(), institute_name: z.string() })),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const sessionSchema = z.object({ tokens: tokensSchema, role: z.enum(ROLES), user: authUserSchema });
export type SessionData = z.infer<typeof sessionSchema>;

/** Spec 6.1: where each role lands after sign-in. */
export function roleHome(role: Role): string {
  if (role === 'admin') return '/admin/dashboard';
  if (role === 'director') return '/director/dashboard';
  return `/${role}`;
}
