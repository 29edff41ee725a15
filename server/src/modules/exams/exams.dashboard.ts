import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { students } from '../students';
import { teachingPairs } from './exams.policy';
import { findExam } from './exams.service';
import { examMarks, exams } from './exams.table';
import { examSections } from './marks.service';
import { resultsOf } from './results.service';

export type PendingGrades = {
  count: number;
  items: {
    exam_id: string;
    exam_name: string;
    subject_name: string;
    section_label: string;
    entered: number;
    total: number;
  }[];
};

/**
 * The teacher dashboard's "pending grades": each exam open for marks entry × subject × section
 * the teacher teaches (by the timetable; co-scholastic ones of the section they lead too) whose
 * pupils do not all have an entry yet.
 */
export async function pendingGradesOf(tx: Db, actor: Actor): Promise<PendingGrades> {
  const i = actor.institute.id;
  const { pairs, led } = await teachingPairs(tx, actor);
  if (pairs.size === 0 && led.size === 0) return { count: 0, items: [] };
  const open = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.instituteId, i), eq(exams.state, 'marks_entry')));
  const items: PendingGrades['items'] = [];
  for (const { id } of open) {
    const exam = await findExam(tx, actor, id);
    const mine = (await examSections(tx, i, exam.academic_year_id, exam.class_ids)).flatMap((section) =>
      exam.papers
        .filter(
          (p) =>
            p.class_id === section.classId &&
            (pairs.has(`${section.id}:${p.subject_id}`) ||
              (p.subject_type === 'co_scholastic' && led.has(section.id))),
        )
        .map((paper) => ({ section, paper })),
    );
    if (mine.length === 0) continue;
    const sectionIds = [...new Set(mine.map((m) => m.section.id))];
    const [sizes, entered] = await Promise.all([
      tx
        .select({ sectionId: students.sectionId, n: count() })
        .from(students)
        .where(
          and(
            eq(students.instituteId, i),
            inArray(students.sectionId, sectionIds),
            eq(students.status, 'enrolled'),
          ),
        )
        .groupBy(students.sectionId),
      tx
        .select({ sectionId: examMarks.sectionId, subjectId: examMarks.subjectId, n: count() })
        .from(examMarks)
        .where(
          and(
            eq(examMarks.instituteId, i),
            eq(examMarks.examId, id),
            inArray(examMarks.sectionId, sectionIds),
          ),
        )
        .groupBy(examMarks.sectionId, examMarks.subjectId),
    ]);
    const size = new Map(sizes.map((s) => [s.sectionId, s.n]));
    const done = new Map(entered.map((e) => [`${e.sectionId}:${e.subjectId}`, e.n]));
    for (const { section, paper } of mine) {
      const total = size.get(section.id) ?? 0;
      const n = done.get(`${section.id}:${paper.subject_id}`) ?? 0;
      if (n < total)
        items.push({
          exam_id: id,
          exam_name: exam.name,
          subject_name: paper.subject_name,
          section_label: section.label,
          entered: n,
          total,
        });
    }
  }
  return { count: items.length, items };
}

/**
 * Each pupil's latest published exam result (the student and parent dashboards): the exam, the
 * percentage and the overall grade; null for a pupil with no published result.
 */
export async function currentGradeOf(
  tx: Db,
  instituteId: string,
  studentIds: string[],
): Promise<Map<string, { exam_name: string; percentage: number; grade: string } | null>> {
  const results = await resultsOf(tx, instituteId, studentIds, { states: ['published'] });
  const out = new Map<string, { exam_name: string; percentage: number; grade: string } | null>();
  for (const id of studentIds) {
    const latest = (results.get(id) ?? []).filter((r) => r.max_total > 0).at(-1);
    out.set(
      id,
      latest ? { exam_name: latest.exam_name, percentage: latest.percentage, grade: latest.grade } : null,
    );
  }
  return out;
}
