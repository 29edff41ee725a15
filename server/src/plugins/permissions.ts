import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { allows, type Permission } from '@schooliko/common/permissions';
import type { FastifyInstance } from 'fastify';
import { assertDeclared, permissionsOf } from '../kit/permissions';
import { requireAuth } from './auth';
import { httpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs: one permission, or a list of which any one suffices. The hook below
     * enforces it before the body is read; the roles suite reads it for the access table.
     */
    permission?: Permission | readonly Permission[];
  }
  interface FastifyInstance {
    /** `METHOD /api/path` → the permissions its route declared (read by the security suites). */
    routePermissions: Map<string, readonly Permission[]>;
  }
}

/**
 * Authorization declared once: a route says `config: { permission: 'students:read' }` and this
 * hook signs the caller in, works out their permissions (their role's, plus their job sets' when
 * they act as staff) and refuses with 403 before any handler runs. The route then reaches data
 * only through `scoped(request, …)` (kit/scope.ts), which needs the actor this hook sets.
 */
export function registerPermissions(app: FastifyInstance) {
  app.decorate('routePermissions', new Map<string, readonly Permission[]>());
  app.decorateRequest('actor', null);
  app.addHook('onRoute', (route) => {
    const needed = route.config?.permission;
    if (!needed) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const list = typeof needed === 'string' ? [needed] : needed;
    // A permission no module declares stops the app at start rather than refusing everyone.
    assertDeclared(list, `${route.method} ${route.url}`);
    for (const method of methods)
      if (method !== 'HEAD') app.routePermissions.set(`${method} ${route.url.replace(/(.)\/$/, '$1')}`, list);
  });
  app.addHook('onRequest', async (request) => {
    const needed = request.routeOptions.config?.permission;
    if (!needed) return;
    const ctx = await requireAuth(request);
    const permissions = permissionsOf(ctx.role, ctx.jobSets);
    if (!allows(permissions, needed)) throw httpError(403, AUTH_MESSAGES.forbidden);
    request.actor = { ...ctx, permissions };
  });
}
