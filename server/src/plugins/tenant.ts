import { normaliseHost } from '@schooliko/common/hosts';
import { INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Institute } from '../platform/institutes/institutes.table';
import { httpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Host, normalised to the tenant key (DESIGN.md section 5). */
    tenantDomain: string;
    /** Memo of findTenant: undefined until looked up, null for an unknown host. */
    tenantMemo: Institute | null | undefined;
  }
}

export function registerTenant(app: FastifyInstance) {
  // Worked out when read (by a route that needs the tenant), not for every request.
  app.decorateRequest('tenantDomain', {
    getter(this: FastifyRequest) {
      return normaliseHost(this.headers.host);
    },
  });
  app.decorateRequest('tenantMemo', undefined);
}

/** The institute served on this request's host, or null; looked up once per request, cached. */
export async function findTenant(request: FastifyRequest): Promise<Institute | null> {
  if (request.tenantMemo === undefined) {
    const domain = request.tenantDomain;
    request.tenantMemo = domain ? await request.server.institutes.byDomain(domain) : null;
  }
  return request.tenantMemo;
}

/** The request's institute, or a 404 for a host no institute is served on. */
export async function requireTenant(request: FastifyRequest): Promise<Institute> {
  const tenant = await findTenant(request);
  if (!tenant) throw httpError(404, INSTITUTE_MESSAGES.notFound);
  return tenant;
}
