import { normaliseHost } from '@schooliko/common/hosts';
import { INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Institute } from '../modules/institutes/institutes.table';
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
  app.decorateRequest('tenantDomain', '');
  app.decorateRequest('tenantMemo', undefined);
  app.addHook('onRequest', async (request) => {
    request.tenantDomain = normaliseHost(request.headers.host);
  });
}

/** The institute served on this request's host, or null; looked up once per request, cached. */
export async function findTenant(request: FastifyRequest): Promise<Institute | null> {
  if (request.tenantMemo === undefined) {
    request.tenantMemo = request.tenantDomain
      ? await request.server.institutes.byDomain(request.tenantDomain)
      : null;
  }
  return request.tenantMemo;
}

/** The request's institute, or a 404 for a host no institute is served on. */
export async function requireTenant(request: FastifyRequest): Promise<Institute> {
  const tenant = await findTenant(request);
  if (!tenant) throw httpError(404, INSTITUTE_MESSAGES.notFound);
  return tenant;
}
