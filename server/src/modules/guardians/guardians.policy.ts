import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { students, visibleStudents } from '../students';
import { guardians, studentGuardians } from './guardians.table';

/**
 * Which guardians the caller may see:
 * - with `guardians:read` (admins, directors, front office): every guardian of the institute;
 * - a parent: only their own guardian record(s), the ones tied to their account;
 * - a teacher: the guardians of the students they may see (their sections).
 * The institute itself is already fixed by the scoped transaction (row-level security).
 */
export async function visibleGuardians(tx: Db, actor: Actor): Promise<SQL | undefined> {
  if (holds(actor, 'guardians:read')) return undefined;
  if (!holds(actor, 'guardians:read:own')) return sql`false`;
  if (actor.role === 'parent') return eq(guardians.userId, actor.userId);
  return inArray(guardians.id, guardiansOfVisibleStudents(tx, actor, await visibleStudents(tx, actor)));
}

function guardiansOfVisibleStudents(tx: Db, actor: Actor, studentsWhere: SQL | undefined) {
  return tx
    .select({ id: studentGuardians.guardianId })
    .from(studentGuardians)
    .innerJoin(
      students,
      and(
        eq(students.instituteId, studentGuardians.instituteId),
        eq(students.id, studentGuardians.studentId),
      ),
    )
    .where(and(eq(studentGuardians.instituteId, actor.institute.id), studentsWhere));
}
