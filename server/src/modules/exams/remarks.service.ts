import { EXAM_MESSAGES } from '@schooliko/common/academics/exams';
import type { RemarkSection, RemarkSheet, RemarksInput } from '@schooliko/common/academics/remarks';
import type { Message } from '@schooliko/common/messages';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChanges } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { students } from '../students';
import { mayWriteRemarks, teachingPairs } from './exams.policy';
import { findExam } from './exams.service';
import { reportCardRemarks } from './exams.table';
import { examSections, rosterOf } from './marks.service';
import { overallOf, scaleOfTerm, writtenRemarks } from './report-card.service';
import { resultsOf } from './results.service';

/**
 * The sections of an exam whose report-card remarks the caller may write (admins and directors
 * every one, a class teacher the one they lead), with how many of their pupils have a remark for
 * the exam's term.
 */
export async function remarkSections(tx: Db, actor: Actor, examId: string): Promise<RemarkSection[]> {
  const exam = await findExam(tx, actor, examId);
  const i = actor.institute.id;
  const all = await examSections(tx, i, exam.academic_year_id, exam.class_ids);
  const led = holds(actor, 'exams:remarks') ? null : (await teachingPairs(tx, actor)).led;
  const list = led ? all.filter((s) => led.has(s.id)) : all;
  const ids = list.map((s) => s.id);
  if (ids.length === 0) return [];
  const enrolled = and(
    eq(students.instituteId, i),
    inArray(students.sectionId, ids),
    eq(students.status, 'enrolled'),
  );
  const [sizes, written] = await Promise.all([
    tx
      .select({ sectionId: students.sectionId, n: count() })
      .from(students)
      .where(enrolled)
      .groupBy(students.sectionId),
    tx
      .select({ sectionId: students.sectionId, n: count() })
      .from(reportCardRemarks)
      .innerJoin(
        students,
        and(
          eq(students.instituteId, reportCardRemarks.instituteId),
          eq(students.id, reportCardRemarks.studentId),
        ),
      )
      .where(
        and(
          enrolled,
          eq(reportCardRemarks.instituteId, i),
          eq(reportCardRemarks.termId, exam.term_id),
          ne(reportCardRemarks.remark, ''),
        ),
      )
      .groupBy(students.sectionId),
  ]);
  const size = new Map(sizes.map((s) => [s.sectionId, s.n]));
  const done = new Map(written.map((s) => [s.sectionId, s.n]));
  return list.map((s) => ({
    section_id: s.id,
    section_label: s.label,
    written: done.get(s.id) ?? 0,
    total: size.get(s.id) ?? 0,
  }));
}

/** The exam (for its term) and its section, or 404; then 403 unless the caller may write its remarks. */
async function sectionFor(tx: Db, actor: Actor, examId: string, sectionId: string) {
  const exam = await findExam(tx, actor, examId);
  const [section] = (
    await examSections(tx, actor.institute.id, exam.academic_year_id, exam.class_ids)
  ).filter((s) => s.id === sectionId);
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  if (!(await mayWriteRemarks(tx, actor, sectionId))) throw httpError(403, EXAM_MESSAGES.notClassTeacher);
  return { exam, section };
}

/** The remarks grid of a section: each pupil's remark for the exam's term, and the band's remark printed without one. */
export async function remarkSheet(
  tx: Db,
  actor: Actor,
  examId: string,
  sectionId: string,
): Promise<RemarkSheet> {
  const i = actor.institute.id;
  const { exam, section } = await sectionFor(tx, actor, examId, sectionId);
  const roster = await rosterOf(tx, i, [sectionId]);
  const ids = roster.map((s) => s.id);
  const [written, results, scale] = await Promise.all([
    writtenRemarks(tx, i, exam.term_id, ids),
    resultsOf(tx, i, ids, { states: ['published'], termId: exam.term_id }),
    scaleOfTerm(tx, i, exam.term_id),
  ]);
  const rows = roster.map((s) => {
    const w = written.get(s.id);
    return {
      student_id: s.id,
      roll_no: s.rollNo,
      admission_no: s.admissionNo,
      name: fullName(s),
      remark: w?.remark ?? '',
      band_remark: overallOf(results.get(s.id) ?? [], scale).band?.remark ?? '',
      written_by: w?.writer ?? null,
      written_at: w?.writtenAt.toISOString() ?? null,
    };
  });
  // The section's latest save: the newest of its pupils' remarks (ISO times sort as text).
  const latest = rows.reduce<(typeof rows)[number] | null>(
    (newest, r) => (r.written_at && r.written_at > (newest?.written_at ?? '') ? r : newest),
    null,
  );
  return {
    exam_id: exam.id,
    exam_name: exam.name,
    state: exam.state,
    term_id: exam.term_id,
    term_name: exam.term_name,
    section_id: section.id,
    section_label: section.label,
    rows,
    last_saved: latest?.written_at ? { by: latest.written_by ?? '', at: latest.written_at } : null,
  };
}

/**
 * Saves a section's remarks in one upsert: a remark that did not change keeps who wrote it and
 * when; an empty one clears it (the row stays, emptied). Every change is audited under the pupil
 * in the same transaction. A pupil the institute does not have is a 404; one of another section
 * a 400 naming the row (`remarks.3.student_id`).
 */
export async function saveRemarks(
  tx: Db,
  actor: Actor,
  examId: string,
  input: RemarksInput,
): Promise<RemarkSheet> {
  const i = actor.institute.id;
  const { exam } = await sectionFor(tx, actor, examId, input.section_id);
  const ids = input.remarks.map((r) => r.student_id);
  const known = await tx
    .select({ id: students.id, sectionId: students.sectionId, status: students.status })
    .from(students)
    .where(and(eq(students.instituteId, i), inArray(students.id, ids)));
  const pupil = new Map(known.map((k) => [k.id, k]));
  if (ids.some((id) => !pupil.has(id))) throw httpError(404, STUDENT_MESSAGES.notFound);
  const errors: Record<string, Message> = {};
  input.remarks.forEach((r, n) => {
    const p = pupil.get(r.student_id);
    if (p?.sectionId !== input.section_id || p.status !== 'enrolled')
      errors[`remarks.${n}.student_id`] = EXAM_MESSAGES.notInSection;
  });
  const first = Object.values(errors)[0];
  if (first) throw httpError(400, first, errors);
  const before = await writtenRemarks(tx, i, exam.term_id, ids);
  const changed = input.remarks.filter((r) => (before.get(r.student_id)?.remark ?? '') !== r.remark);
  if (changed.length > 0) {
    await tx
      .insert(reportCardRemarks)
      .values(
        changed.map((r) => ({
          instituteId: i,
          termId: exam.term_id,
          studentId: r.student_id,
          sectionId: input.section_id,
          remark: r.remark,
          writtenBy: actor.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [reportCardRemarks.instituteId, reportCardRemarks.termId, reportCardRemarks.studentId],
        set: {
          remark: sql`excluded.remark`,
          sectionId: sql`excluded.section_id`,
          writtenBy: sql`excluded.written_by`,
          writtenAt: sql`now()`,
        },
      });
    const entry = (remark: string) => ({ term_id: exam.term_id, term: exam.term_name, remark });
    await recordChanges(
      tx,
      actor,
      'student',
      changed.map((r) => {
        const b = before.get(r.student_id);
        return {
          id: r.student_id,
          action: b ? 'report-card-remark-changed' : 'report-card-remark',
          before: b ? entry(b.remark) : {},
          after: entry(r.remark),
        };
      }),
    );
  }
  return remarkSheet(tx, actor, examId, input.section_id);
}
