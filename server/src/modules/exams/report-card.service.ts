import type { AttendanceFigures } from '@schooliko/common/academics/attendance';
import { CALENDAR_MESSAGES } from '@schooliko/common/academics/calendar';
import { EXAM_MESSAGES, type ExamResult } from '@schooliko/common/academics/exams';
import { bandFor, CBSE_SCALE, type GradeBand, percentageOf } from '@schooliko/common/academics/grading';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { provider } from '../../kit/hooks';
import { type School, schoolOf } from '../../kit/letterhead';
import { fullName, personName } from '../../kit/names';
import { type Actor, scopedJob } from '../../kit/scope';
import { users } from '../../platform/auth';
import { jobs } from '../../platform/jobs';
import { actorForJob, type JobStarter, starterOf } from '../../platform/jobs/jobs.actor';
import { enqueueJob, type JobContext } from '../../platform/jobs/jobs.service';
import type { Storage } from '../../platform/uploads/storage';
import { httpError } from '../../plugins/errors';
import { academicTerms } from '../calendar';
import { academicYears, classes, sections } from '../classes';
import { guardians, studentGuardians } from '../guardians';
import { students } from '../students';
import { assertMaySeeSection } from './exams.policy';
import { exams, gradingScales, reportCardFiles, reportCardRemarks } from './exams.table';
import { rosterOf } from './marks.service';
import { type ReportCard, renderReportCards } from './report-card.pdf';
import { resultsOf } from './results.service';

export const REPORT_CARDS_JOB = 'exams.report-cards';

/**
 * The attendance line's source, provided by the attendance module (`'reportCard.attendance'`,
 * declared in exams' index.ts) so that exams never reads attendance's tables: each marked pupil's
 * days present, days marked and percentage between two dates. Without one (or for a pupil not
 * marked) the card says "not recorded".
 */
export type AttendanceSummary = (
  tx: Db,
  instituteId: string,
  studentIds: string[],
  from: string,
  to: string,
) => Promise<Map<string, AttendanceFigures>>;

/** The term a report card is for: the one named, else that of the latest published exam. */
export async function termOf(tx: Db, instituteId: string, termId?: string) {
  const [term] = termId
    ? await tx
        .select()
        .from(academicTerms)
        .where(and(eq(academicTerms.instituteId, instituteId), eq(academicTerms.id, termId)))
    : await tx
        .select({ t: academicTerms })
        .from(exams)
        .innerJoin(
          academicTerms,
          and(eq(academicTerms.instituteId, exams.instituteId), eq(academicTerms.id, exams.termId)),
        )
        .where(and(eq(exams.instituteId, instituteId), eq(exams.state, 'published')))
        .orderBy(desc(exams.startsOn))
        .limit(1)
        .then((rows) => rows.map((r) => r.t));
  if (!term) throw httpError(404, termId ? CALENDAR_MESSAGES.termNotFound : EXAM_MESSAGES.noResults);
  return term;
}

/** The scale a term's cards grade by: that of its latest published exam (CBSE's before any). */
export async function scaleOfTerm(
  tx: Db,
  instituteId: string,
  termId: string,
): Promise<readonly GradeBand[]> {
  const [latest] = await tx
    .select({ bands: gradingScales.bands })
    .from(exams)
    .innerJoin(
      gradingScales,
      and(eq(gradingScales.instituteId, exams.instituteId), eq(gradingScales.id, exams.scaleId)),
    )
    .where(and(eq(exams.instituteId, instituteId), eq(exams.termId, termId), eq(exams.state, 'published')))
    .orderBy(desc(exams.startsOn))
    .limit(1);
  return latest?.bands ?? CBSE_SCALE;
}

/** The remarks written on pupils' cards for a term (cleared ones too, as ''), with their writer's name, by pupil. */
export async function writtenRemarks(tx: Db, instituteId: string, termId: string, studentIds: string[]) {
  if (studentIds.length === 0) return new Map<string, WrittenRemark>();
  const rows = await tx
    .select({
      remark: reportCardRemarks.remark,
      writtenAt: reportCardRemarks.writtenAt,
      writer: sql<string>`coalesce(${personName(users)}, '')`,
      studentId: reportCardRemarks.studentId,
    })
    .from(reportCardRemarks)
    .leftJoin(users, eq(users.id, reportCardRemarks.writtenBy))
    .where(
      and(
        eq(reportCardRemarks.instituteId, instituteId),
        eq(reportCardRemarks.termId, termId),
        inArray(reportCardRemarks.studentId, studentIds),
      ),
    );
  return new Map<string, WrittenRemark>(rows.map(({ studentId, ...r }) => [studentId, r]));
}
type WrittenRemark = { remark: string; writtenAt: Date; writer: string };

/** A pupil's term: the total of its exams, the percentage and the band it falls in (none without marks). */
export function overallOf(list: readonly ExamResult[], scale: readonly GradeBand[]) {
  const total = list.reduce((a, r) => a + r.total, 0);
  const maxTotal = list.reduce((a, r) => a + r.max_total, 0);
  const percentage = percentageOf(total, maxTotal);
  return { total, maxTotal, percentage, band: maxTotal > 0 ? bandFor(scale, percentage) : null };
}

/** Every pupil's card for a term, from its published exams, in the order of `studentIds`. */
export async function cardsFor(
  tx: Db,
  actor: Actor,
  studentIds: string[],
  termId: string,
  school: School,
): Promise<ReportCard[]> {
  const i = actor.institute.id;
  const term = await termOf(tx, i, termId);
  const [year] = await tx
    .select({ name: academicYears.name })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, i), eq(academicYears.id, term.academicYearId)));
  const scale = await scaleOfTerm(tx, i, term.id);
  const [pupils, carers, results, written] = await Promise.all([
    tx
      .select({ s: students, className: classes.name, sectionName: sections.name })
      .from(students)
      .leftJoin(
        sections,
        and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
      )
      .leftJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
      .where(and(eq(students.instituteId, i), inArray(students.id, studentIds))),
    tx
      .select({ studentId: studentGuardians.studentId, name: guardians.name })
      .from(studentGuardians)
      .innerJoin(
        guardians,
        and(
          eq(guardians.instituteId, studentGuardians.instituteId),
          eq(guardians.id, studentGuardians.guardianId),
        ),
      )
      .where(and(eq(studentGuardians.instituteId, i), inArray(studentGuardians.studentId, studentIds)))
      .orderBy(desc(studentGuardians.isPrimary)),
    resultsOf(tx, i, studentIds, { states: ['published'], termId: term.id }),
    writtenRemarks(tx, i, term.id, studentIds),
  ]);
  const attendanceOf = provider('reportCard.attendance');
  const attendance = attendanceOf ? await attendanceOf(tx, i, studentIds, term.startsOn, term.endsOn) : null;
  const guardianOf = new Map<string, string>();
  for (const c of carers) if (!guardianOf.has(c.studentId)) guardianOf.set(c.studentId, c.name);
  const byId = new Map(pupils.map((p) => [p.s.id, p]));
  return studentIds.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const list = results.get(id) ?? [];
    const { total, maxTotal, percentage, band } = overallOf(list, scale);
    const co = new Map<string, string>();
    for (const r of [...list].reverse())
      for (const l of r.lines)
        if (l.subject_type === 'co_scholastic' && l.grade && !co.has(l.subject_name))
          co.set(l.subject_name, l.grade);
    return [
      {
        school,
        yearName: year?.name ?? '',
        termName: term.name,
        student: {
          name: fullName(p.s),
          admissionNo: p.s.admissionNo,
          classLabel: p.className ? `${p.className}-${p.sectionName}` : '',
          rollNo: p.s.rollNo,
          guardian: guardianOf.get(id) ?? '',
        },
        exams: list,
        overall: { total, maxTotal, percentage, grade: band?.grade ?? '' },
        coScholastic: [...co].map(([subject, grade]) => ({ subject, grade })),
        attendance: attendance?.get(id) ?? null,
        remark: written.get(id)?.remark || band?.remark || '',
        scale,
      },
    ];
  });
}

/** Queues the PDF of a section's report cards (one page per pupil) for the caller. */
export async function startReportCards(
  tx: Db,
  actor: Actor,
  input: { section_id: string; term_id: string },
): Promise<string> {
  const i = actor.institute.id;
  const [section] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.instituteId, i), eq(sections.id, input.section_id)));
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  await assertMaySeeSection(tx, actor, section.id);
  await termOf(tx, i, input.term_id);
  return enqueueJob(tx, {
    kind: REPORT_CARDS_JOB,
    instituteId: i,
    userId: actor.userId,
    payload: { ...input, starter: starterOf(actor) },
    maxAttempts: 3,
  });
}

/** The job: the section's roster, its cards, one PDF kept for download; progress as it goes. */
export async function runReportCards(db: Db, job: JobContext, storage: Storage) {
  const payload = job.payload as { section_id: string; term_id: string; starter: JobStarter };
  const actor = await actorForJob(db, job.instituteId, payload.starter);
  const i = job.instituteId;
  const school = await scopedJob(db, job, (tx) => schoolOf(tx, actor, storage));
  // Each slice in its own transaction, progress between them (a long transaction would hold PGlite's one connection).
  const ids = (await scopedJob(db, job, (tx) => rosterOf(tx, i, [payload.section_id]))).map((r) => r.id);
  const cards: ReportCard[] = [];
  for (let from = 0; from < ids.length; from += 10) {
    const slice = ids.slice(from, from + 10);
    cards.push(...(await scopedJob(db, job, (tx) => cardsFor(tx, actor, slice, payload.term_id, school))));
    await job.progress(Math.min(ids.length, from + 10), ids.length);
  }
  const [label] = await scopedJob(db, job, (tx) =>
    tx
      .select({ className: classes.name, name: sections.name })
      .from(sections)
      .innerJoin(
        classes,
        and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)),
      )
      .where(and(eq(sections.instituteId, i), eq(sections.id, payload.section_id))),
  );
  const section = label ? `${label.className}-${label.name}` : '';
  const filename = `report-cards-${section}.pdf`.replace(/\s+/g, '');
  const data = await renderReportCards(cards, `Report cards ${section}`);
  await scopedJob(db, job, (tx) =>
    tx
      .insert(reportCardFiles)
      .values({ instituteId: i, jobId: job.id, filename, pages: cards.length, data })
      .onConflictDoNothing(),
  );
  return { pages: cards.length, filename };
}

/** A finished job's PDF: its starter's, or any with exams:read. */
export async function reportCardsFile(tx: Db, actor: Actor, jobId: string) {
  const i = actor.institute.id;
  const [row] = await tx
    .select({ file: reportCardFiles, payload: jobs.payload })
    .from(reportCardFiles)
    .innerJoin(jobs, and(eq(jobs.instituteId, i), eq(jobs.id, reportCardFiles.jobId)))
    .where(and(eq(reportCardFiles.instituteId, i), eq(reportCardFiles.jobId, jobId)));
  if (!row) throw httpError(404, EXAM_MESSAGES.reportCardsNotFound);
  // The section's cards are for those who may see the section (issue 27).
  await assertMaySeeSection(tx, actor, String(row.payload.section_id)).catch(() => {
    throw httpError(404, EXAM_MESSAGES.reportCardsNotFound);
  });
  return row.file;
}
