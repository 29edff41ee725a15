import { CALENDAR_MESSAGES } from '@schooliko/common/academics/calendar';
import { EXAM_MESSAGES, type Exam, type ExamInput, type Paper } from '@schooliko/common/academics/exams';
import { TIMETABLE_MESSAGES } from '@schooliko/common/academics/timetable';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { recordChanges } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { academicTerms } from '../calendar';
import { assertClassesOf, classes } from '../classes';
import { subjects } from '../timetable';
import { type ExamRow, examPapers, exams, gradingScales } from './exams.table';

/** The papers of some exams, with their class and subject names, in class and subject order. */
async function papersOf(tx: Db, instituteId: string, examIds: string[]) {
  if (examIds.length === 0) return new Map<string, Paper[]>();
  const rows = await tx
    .select({
      examId: examPapers.examId,
      classId: examPapers.classId,
      className: classes.name,
      subjectId: examPapers.subjectId,
      subjectName: subjects.name,
      subjectType: subjects.type,
      maxMarks: examPapers.maxMarks,
      passMarks: examPapers.passMarks,
      date: examPapers.date,
    })
    .from(examPapers)
    .innerJoin(
      classes,
      and(eq(classes.instituteId, examPapers.instituteId), eq(classes.id, examPapers.classId)),
    )
    .innerJoin(
      subjects,
      and(eq(subjects.instituteId, examPapers.instituteId), eq(subjects.id, examPapers.subjectId)),
    )
    .where(and(eq(examPapers.instituteId, instituteId), inArray(examPapers.examId, examIds)))
    .orderBy(asc(classes.sortOrder), asc(sql`${subjects.type} = 'co_scholastic'`), asc(subjects.name));
  const byExam = new Map<string, Paper[]>();
  for (const r of rows) {
    const list = byExam.get(r.examId) ?? [];
    list.push({
      class_id: r.classId,
      class_name: r.className,
      subject_id: r.subjectId,
      subject_name: r.subjectName,
      subject_type: r.subjectType,
      max_marks: r.maxMarks,
      pass_marks: r.passMarks,
      date: r.date,
    });
    byExam.set(r.examId, list);
  }
  return byExam;
}

const examColumns = {
  row: exams,
  termName: academicTerms.name,
};

function toExam(row: ExamRow, termName: string, papers: Paper[]): Exam {
  return {
    id: row.id,
    name: row.name,
    academic_year_id: row.academicYearId,
    term_id: row.termId,
    term_name: termName,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    class_ids: row.classIds,
    scale_id: row.scaleId,
    state: row.state,
    published_at: row.publishedAt?.toISOString() ?? null,
    papers,
  };
}

/**
 * The exams of a year (the current one unless named), newest first. Pupils and parents
 * (exams:read:own only) see published exams alone.
 */
export async function listExams(tx: Db, actor: Actor, yearId?: string): Promise<Exam[]> {
  const staffView = holds(actor, 'exams:read') || holds(actor, 'exams:marks');
  const rows = await tx
    .select(examColumns)
    .from(exams)
    .innerJoin(
      academicTerms,
      and(eq(academicTerms.instituteId, exams.instituteId), eq(academicTerms.id, exams.termId)),
    )
    .where(
      and(
        eq(exams.instituteId, actor.institute.id),
        yearId ? eq(exams.academicYearId, yearId) : undefined,
        staffView ? undefined : eq(exams.state, 'published'),
      ),
    )
    .orderBy(desc(exams.startsOn), asc(exams.name));
  const papers = await papersOf(
    tx,
    actor.institute.id,
    rows.map((r) => r.row.id),
  );
  return rows.map((r) => toExam(r.row, r.termName, papers.get(r.row.id) ?? []));
}

/** One exam as staff see it; `lock` holds its row for a change of state. */
export async function findExam(tx: Db, actor: Actor, id: string, lock = false): Promise<Exam> {
  const query = tx
    .select(examColumns)
    .from(exams)
    .innerJoin(
      academicTerms,
      and(eq(academicTerms.instituteId, exams.instituteId), eq(academicTerms.id, exams.termId)),
    )
    .where(and(eq(exams.instituteId, actor.institute.id), eq(exams.id, id)));
  const [found] = lock ? await query.for('update', { of: exams }) : await query;
  if (!found) throw httpError(404, EXAM_MESSAGES.examNotFound);
  const papers = await papersOf(tx, actor.institute.id, [id]);
  return toExam(found.row, found.termName, papers.get(id) ?? []);
}

/** Adds an exam in draft, inside its term, with a paper per class × subject taught there. */
export async function createExam(tx: Db, actor: Actor, input: ExamInput): Promise<Exam> {
  const i = actor.institute.id;
  const [term] = await tx
    .select()
    .from(academicTerms)
    .where(and(eq(academicTerms.instituteId, i), eq(academicTerms.id, input.term_id)));
  if (!term) throw httpError(404, CALENDAR_MESSAGES.termNotFound);
  if (input.starts_on < term.startsOn || input.ends_on > term.endsOn)
    throw httpError(400, EXAM_MESSAGES.outsideTerm, { starts_on: EXAM_MESSAGES.outsideTerm });
  await assertClassesOf(tx, actor, input.class_ids);
  const [scale] = await tx
    .select({ id: gradingScales.id })
    .from(gradingScales)
    .where(
      and(
        eq(gradingScales.instituteId, i),
        eq(gradingScales.id, input.scale_id),
        eq(gradingScales.kind, 'scholastic'),
      ),
    );
  if (!scale) throw httpError(400, EXAM_MESSAGES.scaleNotFound, { scale_id: EXAM_MESSAGES.scaleNotFound });
  const subjectIds = [...new Set(input.papers.map((p) => p.subject_id))];
  const taught = await tx
    .select({ id: subjects.id, classIds: subjects.classIds })
    .from(subjects)
    .where(and(eq(subjects.instituteId, i), inArray(subjects.id, subjectIds)));
  const classesOf = new Map(taught.map((s) => [s.id, s.classIds]));
  input.papers.forEach((p, n) => {
    const inClasses = classesOf.get(p.subject_id);
    if (!inClasses || (inClasses.length > 0 && !inClasses.includes(p.class_id)))
      throw httpError(400, TIMETABLE_MESSAGES.subjectNotInClass, {
        [`papers.${n}.subject_id`]: TIMETABLE_MESSAGES.subjectNotInClass,
      });
  });
  const [named] = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.instituteId, i), eq(exams.termId, term.id), eq(exams.name, input.name)));
  if (named) throw httpError(409, EXAM_MESSAGES.examNameTaken, { name: EXAM_MESSAGES.examNameTaken });
  const [row] = await tx
    .insert(exams)
    .values({
      instituteId: i,
      academicYearId: term.academicYearId,
      termId: term.id,
      name: input.name,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      classIds: [...new Set(input.class_ids)],
      scaleId: scale.id,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('exam not added');
  await tx.insert(examPapers).values(
    input.papers.map((p) => ({
      instituteId: i,
      examId: row.id,
      classId: p.class_id,
      subjectId: p.subject_id,
      maxMarks: p.max_marks,
      passMarks: p.pass_marks,
      date: p.date,
    })),
  );
  return findExam(tx, actor, row.id);
}

/**
 * Moves an exam along draft → marks entry → published, or (unpublish) back from published to
 * marks entry with a reason. Publishing and withdrawing are audited under the exam.
 */
export async function changeState(
  tx: Db,
  actor: Actor,
  id: string,
  to: 'marks_entry' | 'published' | 'withdrawn',
  reason = '',
): Promise<Exam> {
  const exam = await findExam(tx, actor, id, true);
  const from = exam.state;
  const allowed =
    (to === 'marks_entry' && from === 'draft') ||
    (to === 'published' && from === 'marks_entry') ||
    (to === 'withdrawn' && from === 'published');
  if (!allowed) throw httpError(409, EXAM_MESSAGES.wrongState);
  const state = to === 'withdrawn' ? 'marks_entry' : to;
  await tx
    .update(exams)
    .set({
      state,
      publishedAt: to === 'published' ? new Date() : null,
      publishedBy: to === 'published' ? actor.userId : null,
    })
    .where(and(eq(exams.instituteId, actor.institute.id), eq(exams.id, id)));
  if (to !== 'marks_entry')
    await recordChanges(tx, actor, 'exam', [
      {
        id,
        action: to === 'published' ? 'publish' : 'unpublish',
        before: { state: from },
        after: { state, ...(reason ? { reason } : {}) },
      },
    ]);
  return findExam(tx, actor, id);
}
