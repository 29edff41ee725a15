import { ACCOUNT_MESSAGES, type AccountInput, type ChangePasswordInput } from '@schooliko/common/account';
import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import type { Invalidate } from '../../plugins/cache-invalidation';
import { httpError } from '../../plugins/errors';
import { hashPassword, verifyPassword } from './auth.passwords';
import { sessions, users } from './auth.table';
import { toAuthUser } from './auth.user';

/** Changes the signed-in person's own row (one account, every institute); answers it as /me does. */
async function updateUser(db: Db, ctx: AuthContext, values: Partial<typeof users.$inferInsert>) {
  const [user] = await db.update(users).set(values).where(eq(users.id, ctx.userId)).returning();
  if (!user) throw httpError(401, AUTH_MESSAGES.sessionExpired);
  return toAuthUser(user, ctx.institute, ctx.role, ctx.roles, ctx.jobSets);
}

/** Profile Settings: the signed-in person's own name and mobile. */
export const updateAccount = (db: Db, ctx: AuthContext, input: AccountInput) =>
  updateUser(db, ctx, { firstName: input.first_name, lastName: input.last_name, mobile: input.mobile });

/** The signed-in person's own photo ('' for none). */
export async function accountPhotoOf(db: Db, userId: string): Promise<string> {
  const [user] = await db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId));
  return user?.photoUrl ?? '';
}

/** Profile Settings: the signed-in person's own photo, or '' for none; also answers the one it had. */
export async function setAccountPhoto(db: Db, ctx: AuthContext, photoUrl: string) {
  const before = await accountPhotoOf(db, ctx.userId);
  return { before, user: await updateUser(db, ctx, { photoUrl }) };
}

/**
 * Profile Settings: a new password, given the current one (a 400 `account.currentPasswordWrong`
 * otherwise, not a 401, which would sign the caller out). Every other session of the person, at
 * every institute, ends; this one goes on.
 */
export async function changePassword(
  { db, invalidate }: { db: Db; invalidate: Invalidate },
  ctx: AuthContext,
  input: ChangePasswordInput,
  passwordChecked: () => Promise<void> = async () => {},
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.userId))
    .limit(1);
  if (!user) throw httpError(401, AUTH_MESSAGES.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, input.current_password)))
    throw httpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
  await passwordChecked();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(sessions.userId, ctx.userId), isNull(sessions.revokedAt), ne(sessions.familyId, ctx.familyId)),
      );
  });
  await invalidate({ kind: 'user-sessions', userId: ctx.userId });
}
