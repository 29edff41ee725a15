import type { Committee } from '@schooliko/common/desk/complaints';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { staff } from '../staff';
import { committeeMembers, complaints } from './complaints.table';

const c = complaints;

/**
 * The one rule for who sees a complaint, used by every query of the module (list, detail, counts,
 * ageing, the dashboard), so no view can forget it:
 * - whoever filed it sees it;
 * - a POCSO or POSH complaint: the members of that committee, and nobody else (not an admin who
 *   is not a member, not a director);
 * - any other complaint: whoever holds complaints:read.
 */
export function visibleComplaints(actor: Pick<Actor, 'institute' | 'userId' | 'permissions'>): SQL {
  const member = sql`${c.committee} in (select ${committeeMembers.committee} from ${committeeMembers}
    join ${staff} on ${staff.instituteId} = ${committeeMembers.instituteId} and ${staff.id} = ${committeeMembers.staffId}
    where ${committeeMembers.instituteId} = ${actor.institute.id} and ${staff.userId} = ${actor.userId})`;
  return or(
    eq(c.filedBy, actor.userId),
    holds(actor as Actor, 'complaints:read') ? isNull(c.committee) : undefined,
    member,
  ) as SQL;
}

/** The committees the caller sits on. */
export async function committeesOf(tx: Db, actor: Pick<Actor, 'institute' | 'userId'>): Promise<Committee[]> {
  const rows = await tx
    .select({ committee: committeeMembers.committee })
    .from(committeeMembers)
    .innerJoin(
      staff,
      and(eq(staff.instituteId, committeeMembers.instituteId), eq(staff.id, committeeMembers.staffId)),
    )
    .where(and(eq(committeeMembers.instituteId, actor.institute.id), eq(staff.userId, actor.userId)));
  return rows.map((r) => r.committee);
}

/** Whether the caller may act on a complaint: its committee's members, or complaints:write for the rest. */
export function mayHandle(actor: Actor, mine: readonly Committee[], committee: Committee | null): boolean {
  return committee ? mine.includes(committee) : holds(actor, 'complaints:write');
}

/**
 * Names the caller to PostgreSQL for this transaction (`app.user_id`): the restrictive row policy
 * of migration 0026 shows a committee complaint only to its filer and its committee's members.
 */
export async function asCaller(tx: Db, actor: Pick<Actor, 'userId'>): Promise<void> {
  await tx.execute(sql`select set_config('app.user_id', ${actor.userId}, true)`);
}
