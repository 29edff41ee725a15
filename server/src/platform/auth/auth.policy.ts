import { AUTH_MESSAGES, type Role } from '@schooliko/common/auth';
import type { FastifyRequest } from 'fastify';
import { httpError } from '../../plugins/errors';
import { findTenant } from '../../plugins/tenant';
import type { Institute } from '../institutes/institutes.table';

/**
 * The institute a sign-in, sign-up or password mail is for: the one served on the Host. On a host
 * no institute is served on nobody can sign in or up: spec 5.4's message for the roles that need
 * an institute, and a plain explanation for admin (whom the spec lets through without one).
 */
export async function authTenant(request: FastifyRequest, role?: Role): Promise<Institute> {
  const institute = await findTenant(request);
  if (institute) return institute;
  throw httpError(
    400,
    role && role !== 'admin' ? AUTH_MESSAGES.instituteMissing : AUTH_MESSAGES.unknownInstitute,
  );
}
