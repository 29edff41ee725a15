import { and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { classes, sections } from '../classes';
import { staff } from '../staff';
import { subjects, timetableEntries } from './timetable.table';

/** How a timetable entry reaches what every view shows of it (each join keeps the institute). */
export const ENTRY_JOINS = {
  section: and(
    eq(sections.instituteId, timetableEntries.instituteId),
    eq(sections.id, timetableEntries.sectionId),
  ),
  class: and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)),
  subject: and(
    eq(subjects.instituteId, timetableEntries.instituteId),
    eq(subjects.id, timetableEntries.subjectId),
  ),
  teacher: and(eq(staff.instituteId, timetableEntries.instituteId), eq(staff.id, timetableEntries.teacherId)),
};

export const sectionLabel = sql<string>`${classes.name} || '-' || ${sections.name}`;

/** The joins that label a query over timetable entries (the entry views and the substitutions). */
export function joinEntryLabels<T extends PgSelect>(query: T) {
  return query
    .innerJoin(sections, ENTRY_JOINS.section)
    .innerJoin(classes, ENTRY_JOINS.class)
    .innerJoin(subjects, ENTRY_JOINS.subject)
    .innerJoin(staff, ENTRY_JOINS.teacher);
}
