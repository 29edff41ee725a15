import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { ownStaffId } from '../staff';
import { sectionsOf, students, visibleStudents } from '../students';

/**
 * Who may take and read which section's attendance:
 * - an approver (attendance:approve: the admin, a director) takes and reads every section;
 * - the office (attendance:read) reads every section;
 * - a teacher (attendance:take) takes and reads the sections they lead or teach in;
 * anything else is "Section not found", like a section of another institute.
 */
export type SectionOfDay = {
  id: string;
  label: string;
  academicYearId: string;
  classTeacherId: string | null;
};

async function sectionRow(tx: Db, actor: Actor, sectionId: string): Promise<SectionOfDay> {
  const [row] = await tx
    .select({
      id: sections.id,
      className: classes.name,
      name: sections.name,
      academicYearId: sections.academicYearId,
      classTeacherId: sections.classTeacherId,
    })
    .from(sections)
    .innerJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .where(and(eq(sections.instituteId, actor.institute.id), eq(sections.id, sectionId)))
    .limit(1);
  if (!row) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  return {
    id: row.id,
    label: `${row.className}-${row.name}`,
    academicYearId: row.academicYearId,
    classTeacherId: row.classTeacherId,
  };
}

/** Whether the caller teaches in (or leads) the section. */
async function teaches(tx: Db, actor: Actor, sectionId: string): Promise<boolean> {
  const staffId = await ownStaffId(tx, actor);
  if (!staffId) return false;
  const [row] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.instituteId, actor.institute.id),
        eq(sections.id, sectionId),
        inArray(sections.id, sectionsOf(tx, actor, staffId)),
      ),
    )
    .limit(1);
  return !!row;
}

/** The section, if the caller may take its attendance (404 otherwise). */
export async function sectionToTake(tx: Db, actor: Actor, sectionId: string): Promise<SectionOfDay> {
  const section = await sectionRow(tx, actor, sectionId);
  if (holds(actor, 'attendance:approve')) return section;
  if (holds(actor, 'attendance:take') && (await teaches(tx, actor, sectionId))) return section;
  throw httpError(404, CLASS_MESSAGES.sectionNotFound);
}

/** The section, if the caller may read its attendance (404 otherwise). */
export async function sectionToRead(tx: Db, actor: Actor, sectionId: string): Promise<SectionOfDay> {
  if (holds(actor, 'attendance:read')) return sectionRow(tx, actor, sectionId);
  return sectionToTake(tx, actor, sectionId);
}

/** A pupil whose attendance the caller may read: the office any; a parent their children; a pupil themself. */
export async function assertMaySeeStudent(tx: Db, actor: Actor, studentId: string): Promise<void> {
  const [row] = await tx
    .select({ id: students.id, sectionId: students.sectionId })
    .from(students)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        eq(students.id, studentId),
        holds(actor, 'attendance:read') ? undefined : await visibleStudents(tx, actor),
      ),
    )
    .limit(1);
  if (!row) throw httpError(404, STUDENT_MESSAGES.notFound);
  // A teacher reads the pupils of the sections they take.
  if (!holds(actor, 'attendance:read') && !holds(actor, 'attendance:read:own')) {
    if (!row.sectionId) throw httpError(404, STUDENT_MESSAGES.notFound);
    await sectionToTake(tx, actor, row.sectionId);
  }
}
