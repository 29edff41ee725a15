import { AUTH_MESSAGES, type Role } from '@schooliko/common/auth';
import type { JobSet } from '@schooliko/common/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TtlCache } from '../lib/ttl-cache';
import type { Institute } from '../platform/institutes/institutes.table';
import type { CacheInvalidation } from './cache-invalidation';
import { httpError } from './errors';
import { requireTenant } from './tenant';
import { type AccessClaims, TokenService } from './tokens';

/** Who is calling, as a service sees it (DESIGN.md section 3: services take (db, ctx, input)). */
export type AuthContext = AccessClaims & { institute: Institute; roles: Role[]; jobSets: JobSet[] };

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** What the database said of a session lately: see sessionCheck. */
    sessionChecks: TtlCache<SessionCheck>;
    readStanding: ReadStanding;
  }
}

/** A session family's standing: the roles its membership holds, or null if revoked or inactive. */
export type SessionStanding = { roles: Role[] | null; jobSets: JobSet[] };
type SessionCheck = SessionStanding & { familyId: string; userId: string; instituteId: string };

/**
 * Reads a session family's standing from the database (platform/auth's `sessionStanding`, given by
 * the app: the plugin stands below the platform and names none of its tables).
 */
export type ReadStanding = (
  app: FastifyInstance,
  familyId: string,
  userId: string,
  instituteId: string,
) => Promise<SessionStanding>;

/** A safety net only: every change that matters drops the entries it touches at once. */
const SESSION_CHECK_TTL_MS = 5_000;

export function registerAuth(
  app: FastifyInstance,
  secret: string,
  invalidation: CacheInvalidation,
  readStanding: ReadStanding,
) {
  app.decorate('tokens', new TokenService(secret));
  app.decorate('readStanding', readStanding);
  const checks = invalidation.track(new TtlCache<SessionCheck>({ max: 10_000, ttlMs: SESSION_CHECK_TTL_MS }));
  app.decorate('sessionChecks', checks);
  // What the API says to a signed-in caller, and the auth answers that carry tokens, is kept by
  // no cache (the browser's back/forward and disk caches, a shared proxy): Cache-Control: no-store.
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (url.startsWith('/api/auth/') || (url.startsWith('/api/') && request.headers.authorization))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  invalidation.on((change) => {
    switch (change.kind) {
      case 'session':
        return checks.deleteWhere((c) => c.familyId === change.familyId);
      case 'user-sessions':
        return checks.deleteWhere((c) => c.userId === change.userId);
      case 'membership':
        return checks.deleteWhere((c) => c.instituteId === change.instituteId && c.userId === change.userId);
      case 'institute':
        return checks.deleteWhere((c) => c.instituteId === change.instituteId);
    }
  });
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

  const check = await request.server.sessionChecks.load(
    `${claims.familyId}:${claims.userId}:${institute.id}`,
    async () => ({
      familyId: claims.familyId,
      userId: claims.userId,
      instituteId: institute.id,
      ...(await request.server.readStanding(request.server, claims.familyId, claims.userId, institute.id)),
    }),
  );
  if (!check.roles?.includes(claims.role)) throw httpError(401, AUTH_MESSAGES.sessionExpired);
  if (roles && !roles.includes(claims.role)) throw httpError(403, AUTH_MESSAGES.forbidden);
  return { ...claims, institute, roles: [...check.roles], jobSets: [...check.jobSets] };
}
