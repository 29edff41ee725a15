import { AUTH_MESSAGES, RESET_TOKEN_MINUTES } from '@schooliko/common/auth';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Invalidate } from '../../plugins/cache-invalidation';
import { httpError } from '../../plugins/errors';
import { hashToken, newOpaqueToken } from '../../plugins/tokens';
import { canonicalOrigin } from '../institutes';
import type { Institute } from '../institutes/institutes.table';
import { queueMail } from '../mail';
import { hashPassword } from './auth.passwords';
import { revokeUserSessions } from './auth.sessions';
import { memberships, passwordResets, users } from './auth.table';

/**
 * Forgot password: when the email belongs to a member of this institute, a single-use link
 * (RESET_TOKEN_MINUTES, on the institute's own address) is mailed to it, through the queue in the same transaction as the link.
 * Says nothing either way: the route answers the same.
 */
export async function sendResetLink(
  db: Db,
  institute: Institute,
  email: string,
  publicUrl: string,
): Promise<boolean> {
  const [member] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.instituteId, institute.id)))
    .where(eq(users.email, email))
    .limit(1);
  if (!member) return false;

  const { token, hash } = newOpaqueToken();
  const link = `${canonicalOrigin(institute, publicUrl)}/reset-password?token=${encodeURIComponent(token)}`;
  const text = [
    `Hello ${member.firstName},`,
    '',
    `Someone asked to reset the password of your ${institute.name} account on Schooliko.`,
    `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
  ].join('\n');
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      instituteId: institute.id,
      tokenHash: hash,
      userId: member.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    await queueMail(tx, institute.id, {
      to: member.email,
      subject: `Reset your ${institute.name} password`,
      text,
    });
  });
  return true;
}

/**
 * A sign-up with a known email and another password changes nothing and answers as for a new
 * person (auth.service.ts); the owner is told by mail, with the way to sign in.
 */
export async function mailSignUpAttempt(
  db: Db,
  institute: Institute,
  user: { firstName: string; email: string },
  publicUrl: string,
): Promise<void> {
  const text = [
    `Hello ${user.firstName},`,
    '',
    `Someone tried to create an account at ${institute.name} on Schooliko with this email address, which already has an account.`,
    'If it was you, sign in instead:',
    '',
    `${canonicalOrigin(institute, publicUrl)}/signin`,
    '',
    'Forgotten your password? Choose "Forgot Password?" on that page. If it was not you, ignore this mail: nothing was changed.',
  ].join('\n');
  await db.transaction((tx) =>
    queueMail(tx, institute.id, {
      to: user.email,
      subject: `Someone tried to sign up at ${institute.name} with your email`,
      text,
    }),
  );
}

/**
 * Reset password: the link must be unused, unexpired and this institute's. The new password is
 * set, every other open link of the person is spent, and every session of theirs ends.
 */
export async function resetPassword(
  { db, invalidate }: { db: Db; invalidate: Invalidate },
  institute: Institute,
  input: { token: string; password: string },
): Promise<void> {
  const tokenHash = hashToken(input.token);
  const usable = and(
    eq(passwordResets.tokenHash, tokenHash),
    eq(passwordResets.instituteId, institute.id),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
  const [found] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable);
  if (!found) throw httpError(400, AUTH_MESSAGES.tokenInvalid);
  const passwordHash = await hashPassword(input.password);

  const userId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(usable)
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw httpError(400, AUTH_MESSAGES.tokenInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.userId, claimed.userId),
          isNull(passwordResets.usedAt),
          ne(passwordResets.tokenHash, tokenHash),
        ),
      );
    await revokeUserSessions(tx, claimed.userId);
    return claimed.userId;
  });
  await invalidate({ kind: 'user-sessions', userId });
}
