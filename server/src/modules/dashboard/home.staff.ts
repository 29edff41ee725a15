import type { MyClass } from '@schooliko/common/home';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, sections, sectionTeachers } from '../classes';
import { students } from '../students';
import { ENTRY_JOINS, subjects, timetableEntries } from '../timetable';

/**
 * The sections of the year a teacher teaches (per the timetable, or as a section teacher) or
 * leads as class teacher, each with what they teach there and its pupils on the rolls.
 */
export async function myClasses(
  tx: Db,
  instituteId: string,
  yearId: string,
  staffId: string,
): Promise<MyClass[]> {
  const [timetabled, taught] = await Promise.all([
    tx
      .selectDistinct({ sectionId: timetableEntries.sectionId, subject: subjects.name })
      .from(timetableEntries)
      .innerJoin(subjects, ENTRY_JOINS.subject)
      .where(
        and(
          eq(timetableEntries.instituteId, instituteId),
          eq(timetableEntries.academicYearId, yearId),
          eq(timetableEntries.teacherId, staffId),
        ),
      ),
    tx
      .select({ sectionId: sectionTeachers.sectionId, subject: sectionTeachers.subject })
      .from(sectionTeachers)
      .where(and(eq(sectionTeachers.instituteId, instituteId), eq(sectionTeachers.staffId, staffId))),
  ]);
  const ids = [...new Set([...timetabled, ...taught].map((r) => r.sectionId))];
  const rows = await tx
    .select({
      id: sections.id,
      label: sql<string>`${classes.name} || '-' || ${sections.name}`,
      classTeacherId: sections.classTeacherId,
    })
    .from(sections)
    .innerJoin(classes, ENTRY_JOINS.class)
    .where(
      and(
        eq(sections.instituteId, instituteId),
        eq(sections.academicYearId, yearId),
        or(eq(sections.classTeacherId, staffId), ids.length ? inArray(sections.id, ids) : undefined),
      ),
    )
    .orderBy(asc(classes.sortOrder), asc(classes.name), asc(sections.name));
  if (!rows.length) return [];
  const pupils = await tx
    .select({ sectionId: students.sectionId, n: count() })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        inArray(
          students.sectionId,
          rows.map((r) => r.id),
        ),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .groupBy(students.sectionId);
  return rows.map((r) => {
    const fromTimetable = timetabled.filter((t) => t.sectionId === r.id).map((t) => t.subject);
    const fromSection = taught.filter((t) => t.sectionId === r.id && t.subject).map((t) => t.subject);
    return {
      section_id: r.id,
      label: r.label,
      class_teacher: r.classTeacherId === staffId,
      subjects: [...new Set(fromTimetable.length ? fromTimetable : fromSection)].sort(),
      pupils: pupils.find((p) => p.sectionId === r.id)?.n ?? 0,
    };
  });
}
