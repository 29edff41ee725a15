import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_SECONDS,
  AUTH_MESSAGES,
  type AuthUser,
  REFRESH_TOKEN_DAYS,
  type Role,
  type Tokens,
} from '@schooliko/common/auth';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { SessionStanding } from '../../plugins/auth';
import type { Invalidate } from '../../plugins/cache-invalidation';
import { httpError } from '../../plugins/errors';
import { hashToken, newOpaqueToken, type TokenService } from '../../plugins/tokens';
import type { Institute } from '../institutes/institutes.table';
import { memberships, sessions, type User, users } from './auth.table';
import { toAuthUser } from './auth.user';

/** A used refresh token presented again this soon is a race or a lost answer, not theft. */
export const REFRESH_GRACE_MS = 10_000;

export type SessionDeps = { db: Db; tokens: TokenService; invalidate: Invalidate };

type Grant = { user: Pick<User, 'id' | 'isOperator'>; instituteId: string; role: Role; familyId: string };

async function issue({ db, tokens }: SessionDeps, grant: Grant): Promise<Tokens> {
  const refresh = newOpaqueToken();
  await db.insert(sessions).values({
    instituteId: grant.instituteId,
    familyId: grant.familyId,
    userId: grant.user.id,
    role: grant.role,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  const accessToken = await tokens.signAccess({
    userId: grant.user.id,
    instituteId: grant.instituteId,
    role: grant.role,
    familyId: grant.familyId,
    isOperator: grant.user.isOperator,
  });
  return { accessToken, refreshToken: refresh.token, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** A new session (a new refresh-token family) for a user acting in a role at an institute. */
export function startSession(
  deps: SessionDeps,
  user: Pick<User, 'id' | 'isOperator'>,
  institute: Pick<Institute, 'id'>,
  role: Role,
): Promise<Tokens> {
  return issue(deps, { user, instituteId: institute.id, role, familyId: randomUUID() });
}

/** Ends a session family; its access tokens are refused at once, on every instance. */
export async function revokeFamily(
  { db, invalidate }: Pick<SessionDeps, 'db' | 'invalidate'>,
  familyId: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  await invalidate({ kind: 'session', familyId });
}

/**
 * Every session of a user, at every institute (after a password reset). Often part of a larger
 * transaction: the caller announces the `user-sessions` invalidation once it has committed.
 */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The family a refresh token belongs to, or null for an unknown token. */
export async function familyOfRefreshToken(db: Db, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(refreshToken)))
    .limit(1);
  return row?.familyId ?? null;
}

async function familyRevoked(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.familyId, familyId), isNotNull(sessions.revokedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Trades a refresh token for the next one in its family (rotation). A token used less than
 * REFRESH_GRACE_MS ago is another tab's race or an answer the browser never received (a reload
 * while the refresh was in flight): it gets a sibling in the same family, so nobody is signed out
 * for it. Used longer ago, it is treated as stolen: the whole family is revoked (ADR 010).
 */
export async function rotateRefreshToken(
  deps: SessionDeps,
  institute: Institute,
  refreshToken: string,
): Promise<Tokens & { user: AuthUser }> {
  const { db } = deps;
  const expired = () => httpError(401, AUTH_MESSAGES.sessionExpired);
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(refreshToken)))
    .limit(1);
  if (!row) throw expired();
  if (row.instituteId !== institute.id) throw httpError(401, AUTH_MESSAGES.wrongInstitute);
  if (row.revokedAt || (await familyRevoked(db, row.familyId))) throw expired();

  if (row.usedAt && Date.now() - row.usedAt.getTime() >= REFRESH_GRACE_MS) {
    await revokeFamily(deps, row.familyId);
    throw expired();
  }
  if (row.expiresAt.getTime() <= Date.now()) throw expired();
  // Claim the token; a concurrent request that claimed it first is within the grace too.
  if (!row.usedAt) {
    await db
      .update(sessions)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(sessions.instituteId, row.instituteId), eq(sessions.id, row.id), isNull(sessions.usedAt)),
      );
  }

  const [found] = await db
    .select({
      user: users,
      roles: memberships.roles,
      jobSets: memberships.jobSets,
      status: memberships.status,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.instituteId, institute.id), eq(memberships.userId, row.userId)))
    .limit(1);
  if (found?.status !== 'active' || !found.roles.includes(row.role)) {
    await revokeFamily(deps, row.familyId);
    throw expired();
  }
  const tokens = await issue(deps, {
    user: found.user,
    instituteId: institute.id,
    role: row.role,
    familyId: row.familyId,
  });
  return { ...tokens, user: toAuthUser(found.user, institute, row.role, found.roles, found.jobSets) };
}

/**
 * Whether the session family is open (it exists, for this person at this institute, and none of it
 * is revoked) and, if so, the roles its active membership holds. A token naming a family that was
 * never opened is refused, however well it is signed. The auth plugin asks it (app.ts gives it).
 */
export async function sessionStanding(
  app: FastifyInstance,
  familyId: string,
  userId: string,
  instituteId: string,
): Promise<SessionStanding> {
  const { db } = app.database;
  const [row] = await db
    .select({
      roles: memberships.roles,
      jobSets: memberships.jobSets,
      opened: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(sessions)
        .where(
          and(
            eq(sessions.instituteId, instituteId),
            eq(sessions.familyId, familyId),
            eq(sessions.userId, userId),
          ),
        )})`,
      revoked: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(sessions)
        .where(and(eq(sessions.familyId, familyId), isNotNull(sessions.revokedAt)))})`,
    })
    .from(memberships)
    .where(
      and(
        eq(memberships.instituteId, instituteId),
        eq(memberships.userId, userId),
        eq(memberships.status, 'active'),
      ),
    )
    .limit(1);
  const roles = row?.opened && !row.revoked ? row.roles : null;
  return { roles, jobSets: row?.jobSets ?? [] };
}
