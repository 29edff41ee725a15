import type { PupilStatus } from '@schooliko/common/academics/homework';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { ownStaffId } from '../staff';
import { students } from '../students';
import { subjects } from '../timetable';
import { assignmentColumns, progressColumns, withNames } from './homework.service';
import { homeworkAssignments as a, homeworkSubmissions as s } from './homework.table';
import { statusOf } from './submissions.service';

/**
 * The teacher dashboard's card: the caller's published assignments not yet past due (count),
 * and the five due soonest with how many pupils have handed in.
 */
export async function activeAssignmentsOf(
  tx: Db,
  actor: Actor,
): Promise<{
  count: number;
  items: {
    id: string;
    title: string;
    section_label: string;
    subject_name: string;
    due_on: string;
    submitted: number;
    total: number;
  }[];
}> {
  const i = actor.institute.id;
  const staffId = await ownStaffId(tx, actor);
  if (!staffId) return { count: 0, items: [] };
  const where = and(
    eq(a.instituteId, i),
    eq(a.teacherId, staffId),
    eq(a.state, 'published'),
    gte(a.dueOn, todayInIndia()),
  );
  const [counted] = await tx.select({ n: count() }).from(a).where(where);
  const rows = await withNames(
    tx
      .select({
        id: a.id,
        title: a.title,
        section_label: assignmentColumns.section_label,
        subject_name: assignmentColumns.subject_name,
        due_on: a.dueOn,
        submitted: progressColumns.submitted,
        total: progressColumns.pupils,
      })
      .from(a)
      .$dynamic(),
    i,
  )
    .where(where)
    .orderBy(asc(a.dueOn), asc(a.dueTime), asc(a.id))
    .limit(5);
  return { count: counted?.n ?? 0, items: rows };
}

/**
 * The student dashboard's card: how many published assignments of the pupil's section are still
 * to hand in and not past due (count), and the five most recently set, whatever their standing.
 */
export async function pendingAssignmentsOf(
  tx: Db,
  instituteId: string,
  studentId: string,
): Promise<{
  count: number;
  items: {
    id: string;
    title: string;
    subject_name: string;
    due_on: string;
    status: PupilStatus;
    marks: number | null;
    max_marks: number | null;
  }[];
}> {
  const [pupil] = await tx
    .select({ sectionId: students.sectionId })
    .from(students)
    .where(and(eq(students.instituteId, instituteId), eq(students.id, studentId)));
  if (!pupil?.sectionId) return { count: 0, items: [] };
  const own = and(eq(s.instituteId, instituteId), eq(s.assignmentId, a.id), eq(s.studentId, studentId));
  const section = and(
    eq(a.instituteId, instituteId),
    eq(a.sectionId, pupil.sectionId),
    eq(a.state, 'published'),
  );
  const [counted] = await tx
    .select({ n: count() })
    .from(a)
    .leftJoin(s, own)
    .where(and(section, isNull(s.id), gte(a.dueOn, todayInIndia())));
  const rows = await tx
    .select({
      id: a.id,
      title: a.title,
      subject_name: subjects.name,
      due_on: a.dueOn,
      max_marks: a.maxMarks,
      submitted: sql<boolean>`${s.id} is not null`,
      late: s.late,
      marked_at: s.markedAt,
      marks: s.marks,
    })
    .from(a)
    .innerJoin(subjects, and(eq(subjects.instituteId, instituteId), eq(subjects.id, a.subjectId)))
    .leftJoin(s, own)
    .where(section)
    .orderBy(desc(a.assignedOn), desc(a.dueOn), desc(a.id))
    .limit(5);
  return {
    count: counted?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      subject_name: r.subject_name,
      due_on: r.due_on,
      status: statusOf(r.submitted ? { late: Boolean(r.late), markedAt: r.marked_at } : null),
      marks: r.marked_at ? r.marks : null,
      max_marks: r.max_marks,
    })),
  };
}
