import { CBSE_SCALE } from '@schooliko/common/academics/grading';
import { jobs } from '../../platform/jobs';
import type { Example } from '../../security/examples';
import { classOf, sectionOf, subjectOf, teacherStaffOf, yearOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { academicTerms } from '../calendar';
import { students } from '../students';
import { timetableEntries } from '../timetable';
import { examPapers, exams, gradingScales, reportCardFiles } from './exams.table';

/** A term of the owner's year (2030-31) whose name carries the marker. */
async function termOf(c: ResourceContext) {
  return c.once(`term:${c.owner.label}`, async () => {
    const yearId = await yearOf(c);
    if (!yearId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(academicTerms)
      .values({
        instituteId: c.owner.institute.id,
        academicYearId: yearId,
        name: `Term ${c.owner.secret}`,
        startsOn: '2030-04-01',
        endsOn: '2031-03-31',
      })
      .returning({ id: academicTerms.id });
    return row?.id;
  });
}

async function scaleOf(c: ResourceContext) {
  return c.once(`scale:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(gradingScales)
      .values({
        instituteId: c.owner.institute.id,
        name: `Scale ${c.owner.secret}`,
        kind: 'scholastic',
        bands: [...CBSE_SCALE],
      })
      .returning({ id: gradingScales.id });
    return row?.id;
  });
}

/** A pupil of the owner's section (so a grid has them), named with the marker. */
async function pupilOf(c: ResourceContext) {
  return c.once(`exam-pupil:${c.owner.label}`, async () => {
    const sectionId = await sectionOf(c);
    if (!sectionId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(students)
      .values({
        instituteId: c.owner.institute.id,
        admissionNo: `EP-${c.owner.label}`,
        firstName: `Examinee ${c.owner.secret}`,
        dateOfBirth: '2015-04-01',
        gender: 'male',
        sectionId,
      })
      .returning({ id: students.id });
    return row?.id;
  });
}

/**
 * An exam open for marks entry, named with the marker, with a paper (the owner's class and
 * subject, 50 marks); the owner's teacher teaches that subject to the owner's section, so their
 * grid is theirs to fill.
 */
async function examOf(c: ResourceContext) {
  return c.once(`exam:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    const i = c.owner.institute.id;
    const [yearId, termId, scaleId, classId, subjectId, sectionId] = [
      await yearOf(c),
      await termOf(c),
      await scaleOf(c),
      await classOf(c),
      await subjectOf(c),
      await sectionOf(c),
    ];
    if (!yearId || !termId || !scaleId || !classId || !subjectId || !sectionId) return undefined;
    const teacher = { id: await teacherStaffOf(c) };
    if (!teacher.id) return undefined;
    await db.insert(timetableEntries).values({
      instituteId: i,
      academicYearId: yearId,
      sectionId,
      day: 6,
      period: 1,
      subjectId,
      teacherId: teacher.id,
    });
    const [row] = await db
      .insert(exams)
      .values({
        instituteId: i,
        academicYearId: yearId,
        termId,
        name: `Exam ${c.owner.secret}`,
        startsOn: '2030-07-01',
        endsOn: '2030-07-05',
        classIds: [classId],
        scaleId,
        state: 'marks_entry',
      })
      .returning({ id: exams.id });
    if (!row) return undefined;
    await db
      .insert(examPapers)
      .values({ instituteId: i, examId: row.id, classId, subjectId, maxMarks: 50, passMarks: 17 });
    return row.id;
  });
}

/** A finished report-card job of the owner's, its file named with the marker. */
async function reportCardsOf(c: ResourceContext) {
  return c.once(`report-cards:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    const [job] = await db
      .insert(jobs)
      .values({ instituteId: c.owner.institute.id, kind: 'exams.report-cards', status: 'done' })
      .returning({ id: jobs.id });
    if (!job) return undefined;
    await db.insert(reportCardFiles).values({
      instituteId: c.owner.institute.id,
      jobId: job.id,
      filename: `cards-${c.owner.secret}.pdf`,
      pages: 1,
      data: Buffer.from(`%PDF-1.4 ${c.owner.secret}`),
    });
    return job.id;
  });
}

/** The security suites' makers for the exams routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/exams', make: examOf },
  { name: 'id', under: '/api/exams/scales', make: scaleOf },
  { name: 'id', under: '/api/exams/report-cards', make: reportCardsOf },
  { name: 'term_id', under: '/api/exams', make: termOf },
  { name: 'scale_id', under: '/api/exams', make: scaleOf },
  { name: 'class_ids', under: '/api/exams', make: async (c) => [await classOf(c)] },
  { name: 'section_id', under: '/api/exams', make: sectionOf },
  { name: 'subject_id', under: '/api/exams', make: subjectOf },
  { name: 'student_id', under: '/api/exams', make: pupilOf },
  {
    name: 'papers',
    under: '/api/exams',
    make: async (c) => {
      const [classId, subjectId] = [await classOf(c), await subjectOf(c)];
      return classId && subjectId
        ? [{ class_id: classId, subject_id: subjectId, max_marks: 50, pass_marks: 17, date: null }]
        : undefined;
    },
  },
  {
    name: 'entries',
    under: '/api/exams',
    make: async (c) => {
      const id = await pupilOf(c);
      return id && [{ student_id: id, status: 'present', marks: 10, grade: null }];
    },
  },
  {
    name: 'remarks',
    under: '/api/exams',
    make: async (c) => {
      const id = await pupilOf(c);
      return id && [{ student_id: id, remark: 'Reads well; शाबास!' }];
    },
  },
];

/** A scale whose bands cover 0–100 once; an exam inside the term `termOf` makes. */
export const examples: Record<string, Example> = {
  'POST /api/exams/scales': { body: { kind: 'scholastic', bands: CBSE_SCALE } },
  'PUT /api/exams/scales/:id': { body: { kind: 'scholastic', bands: CBSE_SCALE } },
  'POST /api/exams': { body: { starts_on: '2030-07-01', ends_on: '2030-07-05' } },
  'POST /api/exams/:id/unpublish': { body: { reason: 'Marks to be corrected' } },
};
