import { EXAM_MESSAGES } from '@schooliko/common/academics/exams';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { sections } from '../classes';
import { ownStaffId } from '../staff';
import { sectionsOf, students, visibleStudents } from '../students';
import { timetableEntries } from '../timetable';

/**
 * Who may enter marks (exams:marks): the exam cell and admins (exams:configure) any section and
 * subject; a teacher the subjects they teach a section by the timetable, and, as its class
 * teacher, the section's co-scholastic grades.
 */
export async function teachingPairs(tx: Db, actor: Actor): Promise<{ pairs: Set<string>; led: Set<string> }> {
  const staffId = await ownStaffId(tx, actor);
  if (!staffId) return { pairs: new Set(), led: new Set() };
  const i = actor.institute.id;
  const [taught, led] = await Promise.all([
    tx
      .selectDistinct({ sectionId: timetableEntries.sectionId, subjectId: timetableEntries.subjectId })
      .from(timetableEntries)
      .where(and(eq(timetableEntries.instituteId, i), eq(timetableEntries.teacherId, staffId))),
    tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.instituteId, i), eq(sections.classTeacherId, staffId))),
  ]);
  return {
    pairs: new Set(taught.map((t) => `${t.sectionId}:${t.subjectId}`)),
    led: new Set(led.map((s) => s.id)),
  };
}

export async function mayEnterMarks(
  tx: Db,
  actor: Actor,
  sectionId: string,
  subjectId: string,
  coScholastic: boolean,
): Promise<boolean> {
  if (!holds(actor, 'exams:marks')) return false;
  if (holds(actor, 'exams:configure')) return true;
  const { pairs, led } = await teachingPairs(tx, actor);
  return pairs.has(`${sectionId}:${subjectId}`) || (coScholastic && led.has(sectionId));
}

export async function assertMayEnterMarks(
  tx: Db,
  actor: Actor,
  sectionId: string,
  subjectId: string,
  coScholastic: boolean,
): Promise<void> {
  if (!(await mayEnterMarks(tx, actor, sectionId, subjectId, coScholastic)))
    throw httpError(403, EXAM_MESSAGES.notYourSubject);
}

/**
 * A pupil whose results the caller may read: the exam cell (exams:configure) and the office
 * (students:read) any pupil of the institute; anyone else by the record's own rule (issue 27): a
 * teacher the pupils of the sections they lead or teach in, a pupil themself, a parent their
 * children. Anyone else's is "not found", as the record is.
 */
export async function studentForResults(tx: Db, actor: Actor, studentId: string) {
  const own = holds(actor, 'exams:configure') ? undefined : await visibleStudents(tx, actor);
  const [row] = await tx
    .select({
      id: students.id,
      admissionNo: students.admissionNo,
      rollNo: students.rollNo,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      sectionId: students.sectionId,
    })
    .from(students)
    .where(and(eq(students.instituteId, actor.institute.id), eq(students.id, studentId), own))
    .limit(1);
  if (!row) throw httpError(404, STUDENT_MESSAGES.notFound);
  return row;
}

/**
 * Who may write a section's report-card remarks: admins and directors (exams:remarks) any
 * section's; a teacher (exams:remarks:own) those of the section they are class teacher of.
 */
export async function mayWriteRemarks(tx: Db, actor: Actor, sectionId: string): Promise<boolean> {
  if (holds(actor, 'exams:remarks')) return true;
  if (!holds(actor, 'exams:remarks:own')) return false;
  return (await teachingPairs(tx, actor)).led.has(sectionId);
}

/**
 * The sections whose marks, analysis and report cards the caller may read: the exam cell and the
 * office every section ('all'); a teacher those whose pupils' records they see (led or taught in)
 * and those they enter marks for by the timetable (issue 27).
 */
async function seenSections(tx: Db, actor: Actor): Promise<'all' | Set<string>> {
  if (holds(actor, 'exams:configure') || holds(actor, 'students:read')) return 'all';
  const staffId = await ownStaffId(tx, actor);
  if (!staffId) return new Set();
  const [mine, { pairs, led }] = await Promise.all([
    sectionsOf(tx, actor, staffId),
    teachingPairs(tx, actor),
  ]);
  return new Set([...mine.map((s) => s.id), ...led, ...[...pairs].map((pair) => pair.split(':')[0] ?? '')]);
}

/** A section the caller may not read (seenSections) is "not found". */
export async function assertMaySeeSection(tx: Db, actor: Actor, sectionId: string): Promise<void> {
  const seen = await seenSections(tx, actor);
  if (seen !== 'all' && !seen.has(sectionId)) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
}
