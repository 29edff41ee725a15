import { and, eq } from 'drizzle-orm';
import { calendarEvents } from '../modules/calendar/calendar.table';
import { academicYears, sections } from '../modules/classes/classes.table';
import { homeworkAssignments, homeworkFiles, homeworkSubmissions } from '../modules/homework/homework.table';
import { staff } from '../modules/staff/staff.table';
import { students } from '../modules/students/students.table';
import { bellPeriods, subjects, timetableEntries } from '../modules/timetable/timetable.table';
import {
  classOf,
  type ResourceContext,
  type ResourceMaker,
  sectionOf,
  staffOf,
  studentOf,
  yearOf,
} from './resources';

/** An event of the owner's institute whose title carries the marker (a fresh one for each cancel). */
async function eventOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const [row] = await c.world.t.database.db
      .insert(calendarEvents)
      .values({
        instituteId: c.owner.institute.id,
        title: `Event ${c.owner.secret}`,
        kind: 'event',
        startsOn: '2026-12-01',
        endsOn: '2026-12-01',
      })
      .returning({ id: calendarEvents.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`calendar-event:${c.owner.label}`, make);
}

/** A subject whose name carries the marker, with a bell schedule whose first period is a lesson. */
export async function subjectOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`subject:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    await db
      .insert(bellPeriods)
      .values({
        instituteId: c.owner.institute.id,
        period: 1,
        label: 'P1',
        kind: 'lesson',
        startsAt: '08:00',
        endsAt: '08:40',
      })
      .onConflictDoNothing();
    const [row] = await db
      .insert(subjects)
      .values({
        instituteId: c.owner.institute.id,
        name: `Subject ${c.owner.secret}`,
        code: 'SECSUB',
        type: 'compulsory',
      })
      .returning({ id: subjects.id });
    return row?.id;
  });
}

let freshSections = 0;

/**
 * A timetable entry on Sunday's first period (suite saves use Monday's), or `day`'s: the owner's
 * section's, or, fresh (each delete, each substitution), in a new section of its own.
 */
async function entryOf(c: ResourceContext, fresh = false, day = 7): Promise<string | undefined> {
  const make = async () => {
    const [yearId, classId, subjectId, teacherId] = [
      await yearOf(c),
      await classOf(c),
      await subjectOf(c),
      await staffOf(c),
    ];
    if (!yearId || !classId || !subjectId || !teacherId) return undefined;
    const sectionId = fresh
      ? (
          await c.world.t.database.db
            .insert(sections)
            .values({
              instituteId: c.owner.institute.id,
              classId,
              academicYearId: yearId,
              name: `F${++freshSections}`,
            })
            .returning({ id: sections.id })
        )[0]?.id
      : await sectionOf(c);
    const ownTeacher = fresh
      ? (
          await c.world.t.database.db
            .insert(staff)
            .values({
              instituteId: c.owner.institute.id,
              employeeCode: `F-${freshSections}-${c.owner.label}`,
              firstName: `Teacher ${c.owner.secret}`,
              joiningDate: '2020-06-01',
            })
            .returning({ id: staff.id })
        )[0]?.id
      : teacherId;
    if (!sectionId || !ownTeacher) return undefined;
    const [row] = await c.world.t.database.db
      .insert(timetableEntries)
      .values({
        instituteId: c.owner.institute.id,
        academicYearId: yearId,
        sectionId,
        day,
        period: 1,
        subjectId,
        teacherId: ownTeacher,
        room: fresh ? '' : `Room ${c.owner.secret}`.slice(0, 20),
      })
      .returning({ id: timetableEntries.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`timetable-entry:${c.owner.label}`, make);
}

export const ACADEMICS_MAKERS: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/calendar/events', methods: ['POST'], make: (c) => eventOf(c, true) },
  { name: 'id', under: '/api/calendar/events', make: (c) => eventOf(c) },
  { name: 'academic_year_id', under: '/api/calendar', make: yearOf },
  { name: 'class_ids', under: '/api/calendar', make: async (c) => [await classOf(c)] },
  { name: 'id', under: '/api/subjects', make: subjectOf },
  { name: 'class_ids', under: '/api/subjects', make: async (c) => [await classOf(c)] },
  { name: 'id', under: '/api/timetable/entries', methods: ['DELETE'], make: (c) => entryOf(c, true) },
  { name: 'id', under: '/api/timetable/entries', make: (c) => entryOf(c) },
  { name: 'section_id', under: '/api/timetable', make: sectionOf },
  { name: 'subject_id', under: '/api/timetable', make: subjectOf },
  { name: 'teacher_id', under: '/api/timetable', make: staffOf },
  // Substitutions: a fresh Tuesday entry (its own section and teacher) for a Tuesday of the year.
  { name: 'entry_id', under: '/api/timetable/substitutions', make: (c) => entryOf(c, true, 2) },
  { name: 'substitute_id', under: '/api/timetable/substitutions', make: staffOf },
];

/**
 * Homework's section: in a current year of its own, led by the owner's teacher member (a staff
 * record tied to them), with the owner's student (studentOf, so the parent's child too) in it.
 */
/**
 * The staff record of the owner's teacher account: one per institute, shared by every maker that
 * needs "the teacher's own" section or subject (a second record would leave the policies' staff
 * lookup to pick either).
 */
export async function teacherStaffOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`teacher-staff:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(staff)
      .values({
        instituteId: c.owner.institute.id,
        employeeCode: `T-${c.owner.label}`,
        firstName: `Teacher ${c.owner.secret}`,
        joiningDate: '2020-06-01',
        userId: c.owner.members.teacher.id,
      })
      .returning({ id: staff.id });
    return row?.id;
  });
}

async function homeworkSectionOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`homework-section:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    const i = c.owner.institute.id;
    const [classId, studentId] = [await classOf(c), await studentOf(c)];
    if (!classId || !studentId) return undefined;
    const [current] = await db
      .select({ id: academicYears.id })
      .from(academicYears)
      .where(and(eq(academicYears.instituteId, i), eq(academicYears.isCurrent, true)));
    const yearId =
      current?.id ??
      (
        await db
          .insert(academicYears)
          .values({
            instituteId: i,
            name: `Current ${c.owner.secret}`,
            startsOn: '2026-04-01',
            endsOn: '2027-03-31',
            isCurrent: true,
          })
          .returning({ id: academicYears.id })
      )[0]?.id;
    const teacher = { id: await teacherStaffOf(c) };
    if (!yearId || !teacher.id) return undefined;
    const [section] = await db
      .insert(sections)
      .values({ instituteId: i, classId, academicYearId: yearId, name: 'HW', classTeacherId: teacher.id })
      .returning({ id: sections.id });
    if (!section) return undefined;
    await db
      .update(students)
      .set({ sectionId: section.id })
      .where(and(eq(students.instituteId, i), eq(students.id, studentId)));
    return section.id;
  });
}

/** Homework of the owner's section carrying the marker: published, or (fresh) a new one each time. */
async function assignmentOf(
  c: ResourceContext,
  fresh = false,
  state: 'draft' | 'published' = 'published',
): Promise<string | undefined> {
  const make = async () => {
    const [sectionId, subjectId] = [await homeworkSectionOf(c), await subjectOf(c)];
    if (!sectionId || !subjectId) return undefined;
    const db = c.world.t.database.db;
    const [section] = await db
      .select({ yearId: sections.academicYearId, teacherId: sections.classTeacherId })
      .from(sections)
      .where(and(eq(sections.instituteId, c.owner.institute.id), eq(sections.id, sectionId)));
    const [row] = await db
      .insert(homeworkAssignments)
      .values({
        instituteId: c.owner.institute.id,
        academicYearId: section?.yearId ?? sectionId,
        sectionId,
        subjectId,
        teacherId: section?.teacherId ?? null,
        title: `Homework ${c.owner.secret}`,
        instructions: `Do it ${c.owner.secret}`,
        assignedOn: '2026-12-01',
        dueOn: '2030-12-01',
        maxMarks: 10,
        state,
        createdBy: c.owner.members.teacher.id,
      })
      .returning({ id: homeworkAssignments.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`homework:${c.owner.label}`, make);
}

/** The owner's student's work on homework of its own (marking never closes another route's). */
async function submissionOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`homework-submission:${c.owner.label}`, async () => {
    const [assignmentId, studentId] = [await assignmentOf(c, true), await studentOf(c)];
    if (!assignmentId || !studentId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(homeworkSubmissions)
      .values({
        instituteId: c.owner.institute.id,
        assignmentId,
        studentId,
        text: `Answer ${c.owner.secret}`,
      })
      .returning({ id: homeworkSubmissions.id });
    return row?.id;
  });
}

/** A stored PDF attached to the owner's homework, its bytes carrying the marker. */
async function homeworkFileOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`homework-file:${c.owner.label}`, async () => {
    const assignmentId = await assignmentOf(c);
    if (!assignmentId) return undefined;
    const key = `private/${c.owner.institute.id}/homework/${c.owner.label.toLowerCase()}-sheet.pdf`;
    const body = Buffer.from(`%PDF-1.4\n% ${c.owner.secret}\n%%EOF\n`);
    await c.world.t.app.storage.put(key, body, 'application/pdf');
    const [row] = await c.world.t.database.db
      .insert(homeworkFiles)
      .values({
        instituteId: c.owner.institute.id,
        key,
        name: `Sheet ${c.owner.secret}.pdf`,
        contentType: 'application/pdf',
        bytes: body.length,
        uploadedBy: c.owner.members.teacher.id,
        assignmentId,
      })
      .returning({ id: homeworkFiles.id });
    return row?.id;
  });
}

export const HOMEWORK_MAKERS: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/homework/files', make: homeworkFileOf },
  { name: 'id', under: '/api/homework/submissions', make: submissionOf },
  // Publishing needs a draft, cancelling a live one: a fresh assignment for each.
  { name: 'id', under: '/api/homework', methods: ['POST'], make: (c) => postTarget(c) },
  { name: 'id', under: '/api/homework', make: (c) => assignmentOf(c) },
  { name: 'section_id', under: '/api/homework', make: homeworkSectionOf },
  { name: 'subject_id', under: '/api/homework', make: subjectOf },
];

/** POST /:id/publish gets a fresh draft, /:id/cancel a fresh published one, /:id/submission the shared one. */
function postTarget(c: ResourceContext) {
  if (c.op.key.endsWith('/publish')) return assignmentOf(c, true, 'draft');
  if (c.op.key.endsWith('/cancel')) return assignmentOf(c, true);
  return assignmentOf(c);
}
