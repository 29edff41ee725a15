import type { TimetableQuery } from '@schooliko/common/academics/timetable';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { students, visibleStudents } from '../students';

/**
 * Staff read any week (timetable:read). A student or parent (timetable:read:own) reads the weeks of
 * their own sections only; another section is "not found", like any record they may not see.
 */
export async function assertMaySee(tx: Db, actor: Actor, query: TimetableQuery): Promise<void> {
  if (holds(actor, 'timetable:read')) return;
  if (!query.section_id) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  const [own] = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        eq(students.sectionId, query.section_id),
        await visibleStudents(tx, actor),
      ),
    )
    .limit(1);
  if (!own) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
}
