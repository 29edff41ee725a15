import { HOMEWORK_MESSAGES, type Teaching } from '@schooliko/common/academics/homework';
import { TIMETABLE_MESSAGES } from '@schooliko/common/academics/timetable';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { academicYears, classes, sections } from '../classes';
import { ownStaffId } from '../staff';
import { students, visibleStudents } from '../students';
import { subjects, timetableEntries } from '../timetable';
import { type AssignmentRow, homeworkAssignments } from './homework.table';

/**
 * Who may do what with homework:
 * - staff with `homework:read` read every assignment of the institute (drafts too) and its roster;
 * - `homework:write`: an admin or director sets and marks any; a teacher only for a section and
 *   subject they teach in the current timetable, or any subject of a section they lead; an
 *   assignment's details are changed only by who set it (or an admin or director);
 * - `homework:read:own`: a student sees the published (and cancelled) work of their section, a
 *   parent their children's; anything else is "not found", as is another institute's.
 */
const OVERSEERS: readonly Actor['role'][] = ['admin', 'director'];
export const oversees = (actor: Actor) => OVERSEERS.includes(actor.role);

export const sectionLabel = sql<string>`${classes.name} || '-' || ${sections.name}`;

/**
 * The sections and subjects the caller may set homework for, in class order: the current year's,
 * or the named section's.
 */
export async function teachingOf(tx: Db, actor: Actor, sectionId?: string): Promise<Teaching[]> {
  const i = actor.institute.id;
  const overseer = oversees(actor);
  const staffId = overseer ? null : await ownStaffId(tx, actor);
  if (!overseer && !staffId) return [];
  // The list offers the current year's sections; a named section is judged whatever its year.
  const inSection = sectionId ? eq(sections.id, sectionId) : eq(academicYears.isCurrent, true);
  const base = and(eq(sections.instituteId, i), inSection);
  const fields = {
    section_id: sections.id,
    section_label: sectionLabel,
    subject_id: subjects.id,
    subject_name: subjects.name,
    sort: classes.sortOrder,
  };
  // Subjects of the class (or of every class), for overseers and class teachers.
  const ofClass = and(
    eq(subjects.instituteId, i),
    eq(subjects.active, true),
    or(sql`${subjects.classIds} = '[]'::jsonb`, sql`${subjects.classIds} ? (${sections.classId})::text`),
  );
  const led = overseer ? undefined : eq(sections.classTeacherId, staffId as string);
  const byClass = tx
    .select(fields)
    .from(sections)
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, i), eq(academicYears.id, sections.academicYearId)),
    )
    .innerJoin(classes, and(eq(classes.instituteId, i), eq(classes.id, sections.classId)))
    .innerJoin(subjects, ofClass)
    .where(and(base, led));
  const rows = await (overseer
    ? byClass
    : byClass.union(
        tx
          .select(fields)
          .from(timetableEntries)
          .innerJoin(sections, and(eq(sections.instituteId, i), eq(sections.id, timetableEntries.sectionId)))
          .innerJoin(
            academicYears,
            and(eq(academicYears.instituteId, i), eq(academicYears.id, sections.academicYearId)),
          )
          .innerJoin(classes, and(eq(classes.instituteId, i), eq(classes.id, sections.classId)))
          .innerJoin(subjects, and(eq(subjects.instituteId, i), eq(subjects.id, timetableEntries.subjectId)))
          .where(
            and(
              base,
              eq(timetableEntries.instituteId, i),
              or(
                eq(timetableEntries.teacherId, staffId as string),
                eq(sections.classTeacherId, staffId as string),
              ),
            ),
          ),
      ));
  return rows
    .sort(
      (a, b) =>
        a.sort - b.sort ||
        a.section_label.localeCompare(b.section_label) ||
        a.subject_name.localeCompare(b.subject_name),
    )
    .map(({ sort: _sort, ...t }) => t);
}

/**
 * 404 for a section or subject the institute does not have; then 403 `homework.notYourClass`
 * unless the caller may set homework for this section and subject.
 */
export async function assertMayTeach(tx: Db, actor: Actor, sectionId: string, subjectId: string) {
  const i = actor.institute.id;
  const [section] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.instituteId, i), eq(sections.id, sectionId)));
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  const [subject] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.instituteId, i), eq(subjects.id, subjectId)));
  if (!subject) throw httpError(404, TIMETABLE_MESSAGES.subjectNotFound);
  const teaching = await teachingOf(tx, actor, sectionId);
  if (!teaching.some((t) => t.subject_id === subjectId))
    throw httpError(403, HOMEWORK_MESSAGES.notYourClass, { subject_id: HOMEWORK_MESSAGES.notYourClass });
}

/**
 * Whether the caller may change an assignment's own details (title, instructions, dates, marks,
 * files): only who set it, or an overseer.
 */
export async function mayEdit(tx: Db, actor: Actor, row: AssignmentRow): Promise<boolean> {
  if (!holds(actor, 'homework:write')) return false;
  if (oversees(actor)) return true;
  const staffId = await ownStaffId(tx, actor);
  return !!staffId && row.teacherId === staffId;
}

/** Whether the caller may publish, cancel or mark an assignment: who set it, who teaches it, an overseer. */
export async function mayChange(tx: Db, actor: Actor, row: AssignmentRow): Promise<boolean> {
  if (!holds(actor, 'homework:write')) return false;
  if (oversees(actor)) return true;
  const staffId = await ownStaffId(tx, actor);
  if (staffId && row.teacherId === staffId) return true;
  const teaching = await teachingOf(tx, actor, row.sectionId);
  return teaching.some((t) => t.subject_id === row.subjectId);
}

/** The sections whose work a student or parent may see: those of the pupils they may see. */
function ownSections(tx: Db, actor: Actor, visible: SQL | undefined) {
  return tx
    .select({ id: students.sectionId })
    .from(students)
    .where(and(eq(students.instituteId, actor.institute.id), visible));
}

/** The assignments the caller may see (drafts are staff's only). */
export async function visibleAssignments(tx: Db, actor: Actor): Promise<SQL | undefined> {
  if (holds(actor, 'homework:read')) return undefined;
  const visible = await visibleStudents(tx, actor);
  return and(
    ne(homeworkAssignments.state, 'draft'),
    inArray(homeworkAssignments.sectionId, ownSections(tx, actor, visible)),
  );
}

/** An assignment the caller may see, or a 404. `lock` takes it for update. */
export async function findAssignment(tx: Db, actor: Actor, id: string, lock = false): Promise<AssignmentRow> {
  const query = tx
    .select()
    .from(homeworkAssignments)
    .where(
      and(
        eq(homeworkAssignments.instituteId, actor.institute.id),
        eq(homeworkAssignments.id, id),
        await visibleAssignments(tx, actor),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw httpError(404, HOMEWORK_MESSAGES.notFound);
  return row;
}

export type Pupil = { id: string; sectionId: string | null; name: string; userId: string | null };

/**
 * The pupil whose work a student or parent looks at: a student's own record; a parent's child
 * (`studentId`, or their first child when they name none). 404 for anyone else's.
 */
export async function pupilOf(tx: Db, actor: Actor, studentId?: string): Promise<Pupil> {
  const rows = await tx
    .select({
      id: students.id,
      sectionId: students.sectionId,
      name: personName(students),
      userId: students.userId,
    })
    .from(students)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        actor.role === 'student' || actor.role === 'parent' ? await visibleStudents(tx, actor) : sql`false`,
        studentId ? eq(students.id, studentId) : undefined,
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.id))
    .limit(1);
  const pupil = rows[0];
  if (!pupil) throw httpError(404, HOMEWORK_MESSAGES.childNotFound);
  return pupil;
}
