import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, requireAuth } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import { users } from './auth.table';

export const OPERATOR_MESSAGES = {
  forbidden: 'Only a platform operator can do this',
  notFound: (email: string) => `No user with the email ${email}`,
} as const;

/**
 * A signed-in platform operator: the token must say so and the account must still be one
 * (an operator removed from the role loses it at once, not when the token expires).
 */
export async function requireOperator(request: FastifyRequest): Promise<AuthContext> {
  const ctx = await requireAuth(request);
  if (!ctx.isOperator) throw httpError(403, OPERATOR_MESSAGES.forbidden);
  const [user] = await request.server.database.db
    .select({ isOperator: users.isOperator })
    .from(users)
    .where(eq(users.id, ctx.userId))
    .limit(1);
  if (!user?.isOperator) throw httpError(403, OPERATOR_MESSAGES.forbidden);
  return ctx;
}
