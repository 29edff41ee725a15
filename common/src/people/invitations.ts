import { z } from 'zod';
import { defineMessages } from '../messages';
import { emailField } from './fields';

/** How long an invitation's set-password link works. */
export const INVITE_DAYS = 7;

/** Whom a record's invitation lets sign in, and in which role (staff act as teachers). */
export const INVITE_KINDS = ['staff', 'guardians', 'students'] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];
export const INVITE_ROLE = { staff: 'teacher', guardians: 'parent', students: 'student' } as const;

export const INVITATION_MESSAGES = defineMessages('invitations', {
  sent: 'Invitations sent',
  noEmail: 'Add an email address to this record first',
  alreadyInvited: 'Already invited or signing in',
  notCurrent: 'Only current students and staff can be invited',
  emailForOne: 'An email address can be given for one person at a time',
  notFound: 'Record not found',
} as const);

/**
 * Invite records to sign in: by their record's email, or (one at a time, and always for a student,
 * whose record holds none) by the email given here.
 */
export const inviteSchema = z
  .object({
    ids: z.array(z.uuid()).min(1).max(100),
    email: emailField.optional(),
  })
  .refine((v) => !v.email || v.ids.length === 1, {
    error: INVITATION_MESSAGES.emailForOne.error,
    path: ['email'],
  });
export type InviteInput = z.output<typeof inviteSchema>;

export const invitationResultSchema = z.object({
  invited: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  /** Records not invited, each with why (a text of INVITATION_MESSAGES and its code). */
  skipped: z.array(z.object({ id: z.string(), name: z.string(), message: z.string(), code: z.string() })),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;
