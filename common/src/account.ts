import * as z from 'zod/mini';
import { AUTH_MESSAGES, mobile, newPassword, passwordsMatch, personName, requiredText } from './auth';
import { defineMessages } from './messages';

/** Profile Settings (spec 2.5): a person's own name, mobile and password, for every role. */
export const ACCOUNT_MESSAGES = defineMessages('account', {
  saved: 'Profile saved',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct',
  saveFailed: 'Could not save. Please try again.',
  passwordChanged: 'Password changed. You have been signed out on your other devices.',
} as const);

export const accountSchema = z.object({
  first_name: personName(AUTH_MESSAGES.firstNameRequired),
  last_name: personName(AUTH_MESSAGES.lastNameRequired),
  mobile,
});
export type AccountInput = z.infer<typeof accountSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z
      .string(ACCOUNT_MESSAGES.currentPasswordRequired)
      .check(z.minLength(1, ACCOUNT_MESSAGES.currentPasswordRequired), z.maxLength(128)),
    password: newPassword,
    confirm_password: requiredText(AUTH_MESSAGES.confirmRequired),
  })
  .check(passwordsMatch);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
