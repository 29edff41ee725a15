import { AUTH_MESSAGES, type Role } from '@schooliko/common/auth';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberships, sessions } from '../modules/auth/auth.table';
import { type AccessClaims, TokenService } from '../modules/auth/tokens';
import type { Institute } from '../modules/institutes/institutes.table';
import { httpError } from './errors';
import { requireTenant } from './tenant';

/** Who is calling, as a service sees it (DESIGN.md section 3: services take (db, ctx, input)). */
export type AuthContext = AccessClaims & { institute: Institute; roles: Role[] };

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export function registerAuth(app: FastifyInstance, secret: string) {
  app.decorate('tokens', new TokenService(secret));
}

export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * The signed-in caller, checked on the server every time: a valid token, issued for this host's
 * institute, whose session is not revoked and whose membership still holds the token's role.
 * `roles` limits the route to those roles (401 when not signed in, 403 for another role).
 */
export async function requireAuth(request: FastifyRequest, roles?: readonly Role[]): Promise<AuthContext> {
  return authenticate(request, bearer(request), roles);
}

/**
 * requireAuth for a token that arrives elsewhere than the Authorization header: EventSource
 * cannot send headers, so the notification stream takes it from its query. Same checks.
 */
export async function authenticate(
  request: FastifyRequest,
  token: string | null | undefined,
  roles?: readonly Role[],
): Promise<AuthContext> {
  if (!token) throw httpError(401, AUTH_MESSAGES.notSignedIn);
  const claims = await request.server.tokens.verifyAccess(token);
  if (!claims) throw httpError(401, AUTH_MESSAGES.sessionExpired);
  const institute = await requireTenant(request);
  if (claims.instituteId !== institute.id) throw httpError(401, AUTH_MESSAGES.wrongInstitute);

  const [row] = await request.server.database.db
    .select({
      roles: memberships.roles,
      revoked: sql<boolean>`exists (${request.server.database.db
        .select({ one: sql`1` })
        .from(sessions)
        .where(and(eq(sessions.familyId, claims.familyId), isNotNull(sessions.revokedAt)))})`,
    })
    .from(memberships)
    .where(
      and(
        eq(memberships.instituteId, institute.id),
        eq(memberships.userId, claims.userId),
        eq(memberships.status, 'active'),
      ),
    )
    .limit(1);
  if (!row || row.revoked || !row.roles.includes(claims.role))
    throw httpError(401, AUTH_MESSAGES.sessionExpired);
  if (roles && !roles.includes(claims.role)) throw httpError(403, AUTH_MESSAGES.forbidden);
  return { ...claims, institute, roles: row.roles };
}
