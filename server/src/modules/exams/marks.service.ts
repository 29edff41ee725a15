import {
  EXAM_MESSAGES,
  type MarkSheet,
  type MarksInput,
  type SheetSummary,
} from '@schooliko/common/academics/exams';
import type { Message } from '@schooliko/common/messages';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName, personName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChanges } from '../../platform/audit/audit.service';
import { users } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { students } from '../students';
import { assertMaySeeSection, mayEnterMarks, teachingPairs } from './exams.policy';
import { findExam } from './exams.service';
import { examMarks } from './exams.table';

/** The sections of an exam's classes in its year, with their labels ("VII-A"). */
export async function examSections(tx: Db, instituteId: string, yearId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  const rows = await tx
    .select({ id: sections.id, classId: sections.classId, className: classes.name, name: sections.name })
    .from(sections)
    .innerJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .where(
      and(
        eq(sections.instituteId, instituteId),
        eq(sections.academicYearId, yearId),
        inArray(sections.classId, classIds),
      ),
    )
    .orderBy(asc(classes.sortOrder), asc(sections.name));
  return rows.map((r) => ({ id: r.id, classId: r.classId, label: `${r.className}-${r.name}` }));
}

/** The enrolled pupils of a section in roll-number order (then by name). */
export function rosterOf(tx: Db, instituteId: string, sectionIds: string[]) {
  return tx
    .select({
      id: students.id,
      sectionId: students.sectionId,
      rollNo: students.rollNo,
      admissionNo: students.admissionNo,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
    })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        inArray(students.sectionId, sectionIds),
        eq(students.status, 'enrolled'),
      ),
    )
    .orderBy(
      asc(sql`length(${students.rollNo})`),
      asc(students.rollNo),
      asc(students.firstName),
      asc(students.id),
    );
}

/**
 * The sections × subjects of an exam with how many pupils have an entry: every one for the exam
 * cell and admins; for a teacher only their own (by the timetable, or as class teacher for
 * co-scholastic grades).
 */
export async function sheetsOf(tx: Db, actor: Actor, examId: string): Promise<SheetSummary[]> {
  const exam = await findExam(tx, actor, examId);
  const i = actor.institute.id;
  const list = await examSections(tx, i, exam.academic_year_id, exam.class_ids);
  const ids = list.map((s) => s.id);
  if (ids.length === 0) return [];
  const [sizes, entered, own] = await Promise.all([
    tx
      .select({ sectionId: students.sectionId, n: count() })
      .from(students)
      .where(
        and(eq(students.instituteId, i), inArray(students.sectionId, ids), eq(students.status, 'enrolled')),
      )
      .groupBy(students.sectionId),
    tx
      .select({ sectionId: examMarks.sectionId, subjectId: examMarks.subjectId, n: count() })
      .from(examMarks)
      .where(and(eq(examMarks.instituteId, i), eq(examMarks.examId, examId)))
      .groupBy(examMarks.sectionId, examMarks.subjectId),
    teachingPairs(tx, actor),
  ]);
  const size = new Map(sizes.map((s) => [s.sectionId, s.n]));
  const done = new Map(entered.map((e) => [`${e.sectionId}:${e.subjectId}`, e.n]));
  const all = holds(actor, 'exams:configure');
  const out: SheetSummary[] = [];
  for (const section of list)
    for (const paper of exam.papers.filter((p) => p.class_id === section.classId)) {
      const key = `${section.id}:${paper.subject_id}`;
      const co = paper.subject_type === 'co_scholastic';
      out.push({
        section_id: section.id,
        section_label: section.label,
        subject_id: paper.subject_id,
        subject_name: paper.subject_name,
        subject_type: paper.subject_type,
        entered: done.get(key) ?? 0,
        total: size.get(section.id) ?? 0,
        mine: !all && (own.pairs.has(key) || (co && own.led.has(section.id))),
      });
    }
  // A teacher picks among the papers they enter (issue 32: not the whole school's 290 pairs).
  return all ? out : out.filter((sheet) => sheet.mine);
}

/** The section (of the exam's classes and year) and the exam's paper for its class and the subject. */
async function paperFor(tx: Db, actor: Actor, examId: string, sectionId: string, subjectId: string) {
  const exam = await findExam(tx, actor, examId);
  const [section] = (
    await examSections(tx, actor.institute.id, exam.academic_year_id, exam.class_ids)
  ).filter((s) => s.id === sectionId);
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  const paper = exam.papers.find((p) => p.class_id === section.classId && p.subject_id === subjectId);
  if (!paper) throw httpError(404, EXAM_MESSAGES.paperNotFound);
  return { exam, section, paper };
}

/** The grid of one section and subject: every pupil, their entry, and who last saved it when. */
export async function markSheet(
  tx: Db,
  actor: Actor,
  examId: string,
  sectionId: string,
  subjectId: string,
): Promise<MarkSheet> {
  const i = actor.institute.id;
  const { exam, section, paper } = await paperFor(tx, actor, examId, sectionId, subjectId);
  await assertMaySeeSection(tx, actor, sectionId);
  const co = paper.subject_type === 'co_scholastic';
  const [roster, entries, may] = await Promise.all([
    rosterOf(tx, i, [sectionId]),
    tx
      .select({
        studentId: examMarks.studentId,
        status: examMarks.status,
        marks: examMarks.marks,
        grade: examMarks.grade,
        at: examMarks.enteredAt,
        by: personName(users),
      })
      .from(examMarks)
      .leftJoin(users, eq(users.id, examMarks.enteredBy))
      .where(
        and(eq(examMarks.instituteId, i), eq(examMarks.examId, examId), eq(examMarks.subjectId, subjectId)),
      ),
    mayEnterMarks(tx, actor, sectionId, subjectId, co),
  ]);
  const byStudent = new Map(entries.map((e) => [e.studentId, e]));
  let last: { by: string; at: Date } | null = null;
  const rows = roster.map((s) => {
    const e = byStudent.get(s.id);
    if (e && (!last || e.at > last.at)) last = { by: e.by ?? '', at: e.at };
    return {
      student_id: s.id,
      roll_no: s.rollNo,
      admission_no: s.admissionNo,
      name: fullName(s),
      status: e?.status ?? null,
      marks: e?.marks ?? null,
      grade: e?.grade ?? null,
      entered_by: e?.by ?? null,
      entered_at: e?.at.toISOString() ?? null,
    };
  });
  const saved = last as { by: string; at: Date } | null;
  return {
    exam_id: exam.id,
    exam_name: exam.name,
    state: exam.state,
    section_label: section.label,
    subject_name: paper.subject_name,
    subject_type: paper.subject_type,
    max_marks: paper.max_marks,
    pass_marks: paper.pass_marks,
    can_edit: may && exam.state === 'marks_entry',
    rows,
    last_saved: saved ? { by: saved.by, at: saved.at.toISOString() } : null,
  };
}

/**
 * Saves a grid's entries in one upsert (a row that did not change keeps who saved it and when),
 * auditing every changed pupil's entry in the same transaction. Marks above the paper's maximum
 * are refused with the entry's field named (`entries.3.marks`).
 */
export async function saveMarks(tx: Db, actor: Actor, examId: string, input: MarksInput): Promise<MarkSheet> {
  const i = actor.institute.id;
  const { exam, paper } = await paperFor(tx, actor, examId, input.section_id, input.subject_id);
  const co = paper.subject_type === 'co_scholastic';
  if (!(await mayEnterMarks(tx, actor, input.section_id, input.subject_id, co)))
    throw httpError(403, EXAM_MESSAGES.notYourSubject);
  if (exam.state !== 'marks_entry') throw httpError(409, EXAM_MESSAGES.notOpenForMarks);
  const roster = new Set((await rosterOf(tx, i, [input.section_id])).map((s) => s.id));
  const errors: Record<string, Message> = {};
  const values = input.entries.map((e, n) => {
    if (!roster.has(e.student_id)) errors[`entries.${n}.student_id`] = EXAM_MESSAGES.notInSection;
    const present = e.status === 'present';
    if (present && co && !e.grade) errors[`entries.${n}.grade`] = EXAM_MESSAGES.gradeRequired;
    if (present && !co && e.marks === null) errors[`entries.${n}.marks`] = EXAM_MESSAGES.marksRequired;
    if (present && !co && e.marks !== null && e.marks > paper.max_marks)
      errors[`entries.${n}.marks`] = EXAM_MESSAGES.marksAboveMax(paper.max_marks);
    return {
      instituteId: i,
      examId,
      subjectId: input.subject_id,
      studentId: e.student_id,
      sectionId: input.section_id,
      status: e.status,
      marks: present && !co ? e.marks : null,
      grade: present && co ? e.grade : null,
      enteredBy: actor.userId,
    };
  });
  const first = Object.values(errors)[0];
  if (first) throw httpError(400, first, errors);
  const ids = values.map((v) => v.studentId);
  const before = await tx
    .select()
    .from(examMarks)
    .where(
      and(
        eq(examMarks.instituteId, i),
        eq(examMarks.examId, examId),
        eq(examMarks.subjectId, input.subject_id),
        inArray(examMarks.studentId, ids),
      ),
    );
  const old = new Map(before.map((b) => [b.studentId, b]));
  const changed = values.filter((v) => {
    const b = old.get(v.studentId);
    return !b || b.status !== v.status || b.marks !== v.marks || b.grade !== v.grade;
  });
  if (changed.length === 0) return markSheet(tx, actor, examId, input.section_id, input.subject_id);
  await tx
    .insert(examMarks)
    .values(changed)
    .onConflictDoUpdate({
      target: [examMarks.instituteId, examMarks.examId, examMarks.subjectId, examMarks.studentId],
      set: {
        status: sql`excluded.status`,
        marks: sql`excluded.marks`,
        grade: sql`excluded.grade`,
        sectionId: sql`excluded.section_id`,
        enteredBy: sql`excluded.entered_by`,
        enteredAt: sql`now()`,
      },
    });
  const entry = (v: { status: string; marks: number | null; grade: string | null }) => ({
    exam_id: examId,
    exam: exam.name,
    subject: paper.subject_name,
    status: v.status,
    marks: v.marks,
    grade: v.grade,
  });
  await recordChanges(
    tx,
    actor,
    'student',
    changed.map((v) => {
      const b = old.get(v.studentId);
      return {
        id: v.studentId,
        action: b ? 'exam-marks-changed' : 'exam-marks',
        before: b ? entry(b) : {},
        after: entry(v),
      };
    }),
  );
  return markSheet(tx, actor, examId, input.section_id, input.subject_id);
}
