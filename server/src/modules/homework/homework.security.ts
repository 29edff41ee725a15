import { and, eq } from 'drizzle-orm';
import { classOf, studentOf, subjectOf, teacherStaffOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { academicYears, sections } from '../classes';
import { students } from '../students';
import { homeworkAssignments, homeworkFiles, homeworkSubmissions } from './homework.table';

/**
 * Homework's section: in a current year of its own, led by the owner's teacher member (a staff
 * record tied to them), with the owner's student (studentOf, so the parent's child too) in it.
 */
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

/** The security suites' makers for the homework routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
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
