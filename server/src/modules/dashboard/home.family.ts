import type { HomeChild, HomeNotification, MySubject } from '@schooliko/common/home';
import { HOME_NOTIFICATIONS_LIMIT } from '@schooliko/common/home';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { type Notification, notifications } from '../../platform/notifications';
import { ownNotifications } from '../../platform/notifications/notifications.policy';
import { unreadCount } from '../../platform/notifications/notifications.service';
import { attendancePercentOf } from '../attendance';
import { classes, sections } from '../classes';
import { currentGradeOf } from '../exams';
import { FEE_RECEIPT_EVENT } from '../fees';
import { APPOINTMENT_EVENT } from '../reception';
import { staff } from '../staff';
import { childrenOf, students } from '../students';
import { ENTRY_JOINS, subjects, timetableEntries } from '../timetable';

const sectionLabel = sql<string | null>`${classes.name} || '-' || ${sections.name}`;
const onRolls = inArray(students.status, [...ON_ROLLS]);
const studentSection = and(
  eq(sections.instituteId, students.instituteId),
  eq(sections.id, students.sectionId),
);

/** The student record of a signed-in student, with their section (null: not on the rolls). */
export async function ownStudent(tx: Db, actor: Actor) {
  const [row] = await tx
    .select({
      id: students.id,
      sectionId: sections.id,
      classId: sections.classId,
      yearId: sections.academicYearId,
      label: sectionLabel,
    })
    .from(students)
    .leftJoin(sections, studentSection)
    .leftJoin(classes, ENTRY_JOINS.class)
    .where(and(eq(students.instituteId, actor.institute.id), eq(students.userId, actor.userId), onRolls))
    .orderBy(asc(students.id))
    .limit(1);
  return row ?? null;
}
export type OwnStudent = NonNullable<Awaited<ReturnType<typeof ownStudent>>>;

/**
 * The subjects of a student's section: those timetabled in it, with who teaches each, and those
 * set for its class (subject classes) that are not timetabled yet (no teacher named).
 */
export async function sectionSubjects(
  tx: Db,
  instituteId: string,
  section: { sectionId: string; classId: string; yearId: string },
): Promise<MySubject[]> {
  const [taught, ofClass] = await Promise.all([
    tx
      .selectDistinct({
        id: subjects.id,
        name: subjects.name,
        teacher: personName(staff),
      })
      .from(timetableEntries)
      .innerJoin(subjects, ENTRY_JOINS.subject)
      .innerJoin(staff, ENTRY_JOINS.teacher)
      .where(
        and(
          eq(timetableEntries.instituteId, instituteId),
          eq(timetableEntries.academicYearId, section.yearId),
          eq(timetableEntries.sectionId, section.sectionId),
        ),
      ),
    tx
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(
        and(
          eq(subjects.instituteId, instituteId),
          eq(subjects.active, true),
          sql`${subjects.classIds} ? ${section.classId}`,
        ),
      ),
  ]);
  const byId = new Map<string, MySubject>();
  for (const s of [...taught, ...ofClass.map((c) => ({ ...c, teacher: null }))]) {
    const subject = byId.get(s.id) ?? { subject_id: s.id, name: s.name, teachers: [] };
    if (s.teacher && !subject.teachers.includes(s.teacher)) subject.teachers.push(s.teacher);
    byId.set(s.id, subject);
  }
  return [...byId.values()]
    .map((s) => ({ ...s, teachers: s.teachers.sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A parent's children on the rolls, with their class-section and roll number. */
export async function childrenCard(tx: Db, actor: Actor): Promise<HomeChild[]> {
  const rows = await tx
    .select({
      id: students.id,
      name: personName(students),
      admission_no: students.admissionNo,
      section_label: sectionLabel,
      roll_no: students.rollNo,
      photo_url: students.photoUrl,
    })
    .from(students)
    .leftJoin(sections, studentSection)
    .leftJoin(classes, ENTRY_JOINS.class)
    .where(
      and(eq(students.instituteId, actor.institute.id), inArray(students.id, childrenOf(tx, actor)), onRolls),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  const ids = rows.map((r) => r.id);
  const attendance = await attendancePercentOf(tx, actor.institute.id, ids);
  const grades = await currentGradeOf(tx, actor.institute.id, ids);
  return rows.map((r) => ({
    ...r,
    attendance_percent: attendance.get(r.id) ?? null,
    current_grade: grades.get(r.id) ?? null,
  }));
}

const reader = (actor: Actor) => ({ userId: actor.userId, instituteId: actor.institute.id });

/** The caller's unread in-app notifications (the bell's figure; the partial index on unread rows). */
export const unreadMessages = (tx: Db, actor: Actor) => unreadCount(tx, reader(actor));

/**
 * Spec 2.13's kinds (notice, meeting, payment) for the app's notifications, by the event that made
 * them: a posted fee receipt is a payment, the desk's answer to an appointment a parent asked for
 * is a meeting, anything else (account approvals, homework, change requests) a notice.
 */
export function categoryOf(row: Pick<Notification, 'type' | 'eventType'>): HomeNotification['category'] {
  if (row.eventType === FEE_RECEIPT_EVENT) return 'payment';
  if (row.eventType === APPOINTMENT_EVENT) return 'meeting';
  return 'notice';
}

/** The caller's latest notifications, newest first (the recipient index, read backwards). */
export async function recentNotifications(tx: Db, actor: Actor): Promise<HomeNotification[]> {
  const rows = await tx
    .select()
    .from(notifications)
    .where(ownNotifications(reader(actor)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(HOME_NOTIFICATIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    category: categoryOf(r),
    title: r.title,
    message: r.message,
    unread: r.status === 'unread',
    created_at: r.createdAt.toISOString(),
  }));
}
