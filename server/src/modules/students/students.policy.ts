import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { sections, sectionTeachers } from '../classes';
import { guardians, studentGuardians } from '../guardians';
import { ownStaffId } from '../staff';
import { students } from './students.table';

/**
 * Which students the caller may see (MODULES.md section 3, "scoped visibility"):
 * - with `students:read` (admins, directors, front office): every student of the institute;
 * - a teacher: the students of the sections they lead or teach in;
 * - a student: only themself;
 * - a parent: only their own children.
 * The institute itself is already fixed by the scoped transaction (row-level security).
 */
export async function visibleStudents(tx: Db, actor: Actor): Promise<SQL | undefined> {
  if (holds(actor, 'students:read')) return undefined;
  if (actor.role === 'teacher') {
    const staffId = await ownStaffId(tx, actor);
    if (!staffId) return sql`false`;
    return inArray(students.sectionId, sectionsOf(tx, actor, staffId));
  }
  if (actor.role === 'student') return eq(students.userId, actor.userId);
  if (actor.role === 'parent') return inArray(students.id, childrenOf(tx, actor));
  return sql`false`;
}

/** The sections a teacher leads or teaches in. */
export function sectionsOf(tx: Db, actor: Actor, staffId: string) {
  return tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.instituteId, actor.institute.id),
        or(
          eq(sections.classTeacherId, staffId),
          inArray(
            sections.id,
            tx
              .select({ id: sectionTeachers.sectionId })
              .from(sectionTeachers)
              .where(
                and(
                  eq(sectionTeachers.instituteId, actor.institute.id),
                  eq(sectionTeachers.staffId, staffId),
                ),
              ),
          ),
        ),
      ),
    );
}

/** The students whose guardian is the signed-in parent. */
export function childrenOf(tx: Db, actor: Actor) {
  return tx
    .select({ id: studentGuardians.studentId })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(
        eq(guardians.instituteId, studentGuardians.instituteId),
        eq(guardians.id, studentGuardians.guardianId),
      ),
    )
    .where(and(eq(studentGuardians.instituteId, actor.institute.id), eq(guardians.userId, actor.userId)));
}

/**
 * Where the caller may add a student: anywhere with `students:write`; a teacher with
 * `students:write:own` only into a section they lead (spec route /teacher/add-student).
 */
export async function assertMayAddTo(tx: Db, actor: Actor, sectionId: string | null): Promise<void> {
  if (holds(actor, 'students:write')) return;
  const staffId = await ownStaffId(tx, actor);
  if (!sectionId || !staffId) throw httpError(403, STUDENT_MESSAGES.notYourSection);
  const [led] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.instituteId, actor.institute.id),
        eq(sections.id, sectionId),
        eq(sections.classTeacherId, staffId),
      ),
    )
    .limit(1);
  if (!led) throw httpError(403, STUDENT_MESSAGES.notYourSection);
}

/** What the caller may do with a student they can see (the web shows exactly these actions). */
export function abilities(actor: Actor, row: { userId: string | null }, isOwnChild: boolean) {
  const write = holds(actor, 'students:write');
  return {
    edit: write,
    change_status: write,
    request_change: holds(actor, 'change-requests:create') && (row.userId === actor.userId || isOwnChild),
  };
}
