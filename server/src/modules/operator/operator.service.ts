import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, users } from '../../platform/auth';
import { hashPassword } from '../../platform/auth/auth.passwords';
import { institutes } from '../../platform/institutes';

/** Marks an existing user as a platform operator; false when no user has that email. */
export async function setOperator(db: Db, email: string, isOperator = true): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isOperator })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

export const DEMO_OPERATOR = {
  email: 'operator@schooliko.dev',
  password: 'Schooliko@123',
  firstName: 'Platform',
  lastName: 'Operator',
  mobile: '9000000001',
} as const;

/**
 * The demo operator: an admin of the development institute who is also a platform operator.
 * Idempotent; development and tests only (never seeded in production).
 */
export async function seedOperator(db: Db): Promise<void> {
  const [institute] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.domain, DEV_DOMAIN));
  if (!institute) return;
  let [user] = await db.select().from(users).where(eq(users.email, DEMO_OPERATOR.email)).limit(1);
  if (!user) {
    const passwordHash = await hashPassword(DEMO_OPERATOR.password);
    [user] = await db
      .insert(users)
      .values({
        email: DEMO_OPERATOR.email,
        passwordHash,
        firstName: DEMO_OPERATOR.firstName,
        lastName: DEMO_OPERATOR.lastName,
        mobile: DEMO_OPERATOR.mobile,
        isOperator: true,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return;
  } else if (!user.isOperator) {
    await db.update(users).set({ isOperator: true }).where(eq(users.id, user.id));
  }
  await db
    .insert(memberships)
    .values({ instituteId: institute.id, userId: user.id, roles: ['admin'], status: 'active' })
    .onConflictDoNothing();
}
