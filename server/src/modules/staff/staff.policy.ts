import { STAFF_MESSAGES } from '@schooliko/common/people/staff';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { staff } from './staff.table';

/** The staff record of the signed-in person at this institute, if they have one. */
export async function ownStaffId(tx: Db, actor: Actor): Promise<string | null> {
  const [row] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.userId, actor.userId)))
    .limit(1);
  return row?.id ?? null;
}

/** Job sets grant permissions, so changing them needs more than editing a staff record. */
export function assertMayAssignJobs(actor: Actor): void {
  if (!holds(actor, 'staff-jobs:assign')) throw httpError(403, STAFF_MESSAGES.jobSetsForbidden);
}
