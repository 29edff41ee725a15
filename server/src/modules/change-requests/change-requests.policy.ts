import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { guardians } from '../guardians';
import { childrenOf, students } from '../students';
import { changeRequests } from './change-requests.table';

/**
 * Whose record the caller may ask to change: a parent their own children and their own guardian
 * record, a student only themself. Anything else is answered as not found.
 */
export function ownStudent(tx: Db, actor: Actor): SQL | undefined {
  if (actor.role === 'parent') return inArray(students.id, childrenOf(tx, actor));
  return eq(students.userId, actor.userId);
}

export function ownGuardian(actor: Actor): SQL {
  return eq(guardians.userId, actor.userId);
}

/** Reviewers see every request of the institute; everyone else only their own. */
export function visibleRequests(actor: Actor): SQL | undefined {
  return and(
    eq(changeRequests.instituteId, actor.institute.id),
    holds(actor, 'change-requests:review') ? undefined : eq(changeRequests.requestedBy, actor.userId),
  );
}
