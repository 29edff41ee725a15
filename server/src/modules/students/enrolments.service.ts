import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emit } from '../../kit/hooks';
import { sections } from '../classes';
import { enrolments } from './enrolments.table';
import { students } from './students.table';

/**
 * Keeps the enrolment of these students' current year in step with their record: the section
 * (and its year) and roll number a student has now. A year already decided (promoted, detained,
 * passed out) is history and is left alone. Called in the transaction that placed them, which
 * announces `student.enrolled` (index.ts): fees bills them.
 */
export async function syncEnrolments(tx: Db, instituteId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return;
  const placed = await tx
    .select({
      studentId: students.id,
      sectionId: students.sectionId,
      rollNo: students.rollNo,
      academicYearId: sections.academicYearId,
    })
    .from(students)
    .innerJoin(
      sections,
      and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
    )
    .where(and(eq(students.instituteId, instituteId), inArray(students.id, [...studentIds])));
  if (placed.length === 0) return;
  await tx
    .insert(enrolments)
    .values(
      placed.map((p) => ({
        instituteId,
        studentId: p.studentId,
        academicYearId: p.academicYearId,
        sectionId: p.sectionId as string,
        rollNo: p.rollNo,
      })),
    )
    .onConflictDoUpdate({
      target: [enrolments.instituteId, enrolments.studentId, enrolments.academicYearId],
      set: { sectionId: sql`excluded.section_id`, rollNo: sql`excluded.roll_no` },
      setWhere: isNull(enrolments.outcome),
    });
  await emit('student.enrolled', { tx, instituteId, studentIds });
}
