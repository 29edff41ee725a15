import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Role } from '@schooliko/common/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { type MembershipStatus, memberships, sessions, users } from '../platform/auth/auth.table';
import { institutes, type NewInstitute } from '../platform/institutes/institutes.table';
import { hashToken } from '../plugins/tokens';

export async function makeInstitute(db: Db, fields: Partial<NewInstitute> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(institutes)
    .values({
      code: `T${suffix.toUpperCase()}`,
      name: `Test Institute ${suffix}`,
      domain: `test-${suffix}.localhost`,
      logoUrl: '/images/school-logos/logo-1.png',
      slogan: 'Test slogan',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('institute not created');
  return row;
}

export type MakeUserOptions = {
  institute: { id: string };
  roles?: Role[];
  status?: MembershipStatus;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isOperator?: boolean;
};

/** A user with a membership; the password is hashed with fast test parameters. */
export async function makeUser(db: Db, options: MakeUserOptions) {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${suffix}@example.com`,
      passwordHash: await hash(options.password ?? 'Password@123', {
        memoryCost: 1024,
        timeCost: 1,
        parallelism: 1,
      }),
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `User ${suffix}`,
      mobile: '9876543210',
      isOperator: options.isOperator ?? false,
    })
    .returning();
  if (!user) throw new Error('user not created');
  await db.insert(memberships).values({
    instituteId: options.institute.id,
    userId: user.id,
    roles: options.roles ?? ['admin'],
    status: options.status ?? 'active',
  });
  return user;
}

/** One more active membership for an existing user, at another institute. */
export async function addMembership(
  db: Db,
  user: { id: string },
  institute: { id: string },
  roles: Role[] = ['admin'],
) {
  await db
    .insert(memberships)
    .values({ instituteId: institute.id, userId: user.id, roles, status: 'active' });
}

/**
 * An access token for a user acting in a role at an institute, backed by a real session family
 * (so revocation checks apply), without going through the sign-in route.
 */
export async function tokenFor(
  app: FastifyInstance,
  user: { id: string; isOperator?: boolean },
  institute: { id: string },
  role: Role,
) {
  const familyId = randomUUID();
  await app.database.db.insert(sessions).values({
    instituteId: institute.id,
    familyId,
    userId: user.id,
    role,
    tokenHash: hashToken(randomBytes(16).toString('hex')),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return app.tokens.signAccess({
    userId: user.id,
    instituteId: institute.id,
    role,
    familyId,
    isOperator: user.isOperator ?? false,
  });
}

/** Headers for app.inject: the institute's host and, when given, the bearer token. */
export function as(institute: { domain: string }, token?: string): Record<string, string> {
  return token ? { host: institute.domain, authorization: `Bearer ${token}` } : { host: institute.domain };
}
