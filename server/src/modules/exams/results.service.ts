import type { Analysis, ExamResult, ExamState, ResultLine } from '@schooliko/common/academics/exams';
import { type GradeBand, gradeFor, percentageOf } from '@schooliko/common/academics/grading';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { academicTerms } from '../calendar';
import { sections } from '../classes';
import { students } from '../students';
import { subjects } from '../timetable';
import { assertMaySeeSection, studentForResults } from './exams.policy';
import { findExam } from './exams.service';
import { examMarks, examPapers, exams, gradingScales } from './exams.table';
import { examSections, rosterOf } from './marks.service';

/** The label a line shows for an entry that has no marks: absent, exempt, or nothing yet. */
const STATUS_GRADE = { absent: 'AB', exempt: 'EX' } as const;

/**
 * Pupils' results, exam by exam (oldest first): per subject of their class's papers the marks,
 * or grade, and for the exam the total of the scholastic papers they were not exempt from, the
 * percentage and the overall grade on the exam's scale. `where` picks the exams (published ones
 * for pupils and parents).
 */
export async function resultsOf(
  tx: Db,
  instituteId: string,
  studentIds: string[],
  where: { states: ExamState[]; termId?: string; examId?: string },
): Promise<Map<string, ExamResult[]>> {
  const out = new Map<string, ExamResult[]>(studentIds.map((id) => [id, []]));
  if (studentIds.length === 0) return out;
  const filters: (SQL | undefined)[] = [
    eq(exams.instituteId, instituteId),
    inArray(exams.state, where.states),
    where.termId ? eq(exams.termId, where.termId) : undefined,
    where.examId ? eq(exams.id, where.examId) : undefined,
  ];
  const examRows = await tx
    .select({ exam: exams, termName: academicTerms.name, bands: gradingScales.bands })
    .from(exams)
    .innerJoin(
      academicTerms,
      and(eq(academicTerms.instituteId, exams.instituteId), eq(academicTerms.id, exams.termId)),
    )
    .innerJoin(
      gradingScales,
      and(eq(gradingScales.instituteId, exams.instituteId), eq(gradingScales.id, exams.scaleId)),
    )
    .where(and(...filters))
    .orderBy(asc(exams.startsOn), asc(exams.name));
  if (examRows.length === 0) return out;
  const examIds = examRows.map((e) => e.exam.id);
  const [pupils, papers, marks] = await Promise.all([
    tx
      .select({ id: students.id, classId: sections.classId })
      .from(students)
      .innerJoin(
        sections,
        and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
      )
      .where(and(eq(students.instituteId, instituteId), inArray(students.id, studentIds))),
    tx
      .select({
        examId: examPapers.examId,
        classId: examPapers.classId,
        subjectId: examPapers.subjectId,
        name: subjects.name,
        type: subjects.type,
        max: examPapers.maxMarks,
      })
      .from(examPapers)
      .innerJoin(
        subjects,
        and(eq(subjects.instituteId, examPapers.instituteId), eq(subjects.id, examPapers.subjectId)),
      )
      .where(and(eq(examPapers.instituteId, instituteId), inArray(examPapers.examId, examIds)))
      .orderBy(asc(sql`${subjects.type} = 'co_scholastic'`), asc(subjects.name)),
    tx
      .select()
      .from(examMarks)
      .where(
        and(
          eq(examMarks.instituteId, instituteId),
          inArray(examMarks.examId, examIds),
          inArray(examMarks.studentId, studentIds),
        ),
      ),
  ]);
  const mark = new Map(marks.map((m) => [`${m.examId}:${m.subjectId}:${m.studentId}`, m]));
  for (const pupil of pupils)
    for (const { exam, termName, bands } of examRows) {
      if (!exam.classIds.includes(pupil.classId)) continue;
      let total = 0;
      let maxTotal = 0;
      const lines: ResultLine[] = papers
        .filter((p) => p.examId === exam.id && p.classId === pupil.classId)
        .map((p) => {
          const m = mark.get(`${exam.id}:${p.subjectId}:${pupil.id}`);
          const co = p.type === 'co_scholastic';
          // A paper counts once it has an entry (absent is 0 of its maximum; exempt never counts).
          if (!co && m && m.status !== 'exempt') {
            maxTotal += p.max;
            total += m.marks ?? 0;
          }
          const grade = !m
            ? ''
            : m.status !== 'present'
              ? STATUS_GRADE[m.status]
              : co
                ? (m.grade ?? '')
                : gradeFor(bands, percentageOf(m.marks ?? 0, p.max));
          return {
            subject_name: p.name,
            subject_type: p.type,
            max_marks: co ? 0 : p.max,
            status: m?.status ?? null,
            marks: m?.marks ?? null,
            grade,
          };
        });
      const percentage = percentageOf(total, maxTotal);
      out.get(pupil.id)?.push({
        exam_id: exam.id,
        exam_name: exam.name,
        term_id: exam.termId,
        term_name: termName,
        starts_on: exam.startsOn,
        lines,
        total,
        max_total: maxTotal,
        percentage,
        grade: maxTotal > 0 ? gradeFor(bands, percentage) : '',
      });
    }
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A section's results in an exam, subject by subject: average, highest and lowest of those who
 * wrote it, the pass percentage (marks at or above the pass marks) and how many had each grade;
 * and the five best pupils overall.
 */
export async function analysisOf(
  tx: Db,
  instituteId: string,
  exam: {
    id: string;
    papers: {
      class_id: string;
      subject_id: string;
      subject_name: string;
      subject_type: string;
      max_marks: number;
      pass_marks: number;
    }[];
  },
  section: { id: string; classId: string },
  bands: readonly GradeBand[],
): Promise<Analysis> {
  const roster = await rosterOf(tx, instituteId, [section.id]);
  const ids = roster.map((r) => r.id);
  const marks =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(examMarks)
          .where(
            and(
              eq(examMarks.instituteId, instituteId),
              eq(examMarks.examId, exam.id),
              inArray(examMarks.studentId, ids),
            ),
          );
  const grades = bands.map((b) => b.grade);
  const subjectsOut = exam.papers
    .filter((p) => p.class_id === section.classId && p.subject_type !== 'co_scholastic')
    .map((p) => {
      const rows = marks.filter((m) => m.subjectId === p.subject_id);
      const written = rows.filter((m) => m.status === 'present' && m.marks !== null).map((m) => m.marks ?? 0);
      const counts = Object.fromEntries(grades.map((g) => [g, 0]));
      for (const w of written) {
        const g = gradeFor(bands, percentageOf(w, p.max_marks));
        counts[g] = (counts[g] ?? 0) + 1;
      }
      const n = written.length;
      return {
        subject_id: p.subject_id,
        subject_name: p.subject_name,
        max_marks: p.max_marks,
        appeared: n,
        absent: rows.filter((m) => m.status === 'absent').length,
        average: n ? round1(written.reduce((a, b) => a + b, 0) / n) : null,
        highest: n ? Math.max(...written) : null,
        lowest: n ? Math.min(...written) : null,
        pass_percent: n ? round1((written.filter((w) => w >= p.pass_marks).length / n) * 100) : null,
        grades: counts,
      };
    });
  const results = await resultsOf(tx, instituteId, ids, {
    states: ['draft', 'marks_entry', 'published'],
    examId: exam.id,
  });
  const names = new Map(roster.map((r) => [r.id, fullName(r)]));
  const toppers = [...results.entries()]
    .flatMap(([id, list]) => list.map((r) => ({ id, r })))
    .filter(({ r }) => r.max_total > 0 && r.total > 0)
    .sort(
      (a, b) =>
        b.r.percentage - a.r.percentage || (names.get(a.id) ?? '').localeCompare(names.get(b.id) ?? ''),
    )
    .slice(0, 5)
    .map(({ id, r }) => ({
      student_id: id,
      name: names.get(id) ?? '',
      total: r.total,
      max_total: r.max_total,
      percentage: r.percentage,
      grade: r.grade,
    }));
  return { grades, subjects: subjectsOut, toppers };
}

/** The analysis of one section of an exam (the section must be of the exam's classes and year). */
export async function sectionAnalysis(
  tx: Db,
  actor: Actor,
  examId: string,
  sectionId: string,
): Promise<Analysis> {
  const i = actor.institute.id;
  const exam = await findExam(tx, actor, examId);
  const section = (await examSections(tx, i, exam.academic_year_id, exam.class_ids)).find(
    (s) => s.id === sectionId,
  );
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  await assertMaySeeSection(tx, actor, sectionId);
  const [scale] = await tx
    .select({ bands: gradingScales.bands })
    .from(gradingScales)
    .where(and(eq(gradingScales.instituteId, i), eq(gradingScales.id, exam.scale_id)));
  return analysisOf(tx, i, exam, section, scale?.bands ?? []);
}

/** A pupil's published results, exam by exam (the results screen of pupils and parents). */
export async function publishedResults(tx: Db, actor: Actor, studentId: string): Promise<ExamResult[]> {
  await studentForResults(tx, actor, studentId);
  return (
    (await resultsOf(tx, actor.institute.id, [studentId], { states: ['published'] })).get(studentId) ?? []
  );
}
