import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { httpError, type Said } from '../../plugins/errors';
import { groupDirectors } from '../groups';

/**
 * Who may change an institute's website and contact information: its admins, and the directors
 * of the group it belongs to. A director signed in at an institute that is in no group yet may
 * too, so that a new chain can be set up from its first school (the builder's "create own group").
 */
export async function canManageInstitute(db: Db, ctx: AuthContext): Promise<boolean> {
  if (ctx.role === 'admin') return true;
  if (ctx.role !== 'director') return false;
  const groupId = ctx.institute.groupId;
  if (!groupId) return true;
  const [row] = await db
    .select({ userId: groupDirectors.userId })
    .from(groupDirectors)
    .where(and(eq(groupDirectors.groupId, groupId), eq(groupDirectors.userId, ctx.userId)))
    .limit(1);
  return Boolean(row);
}

export async function assertCanManageInstitute(db: Db, ctx: AuthContext, message: Said): Promise<void> {
  if (!(await canManageInstitute(db, ctx))) throw httpError(403, message);
}

/** Joining or creating a group of institutes is for directors only (spec 6.3). */
export const canManageGroup = (ctx: AuthContext): boolean => ctx.role === 'director';
