import { writeFileSync } from 'node:fs';
import { CBSE_SCALE, CO_SCHOLASTIC_SCALE } from '@schooliko/common/academics/grading';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provider } from '../../kit/hooks';
import { inInstitute } from '../../kit/scope';
import { auditLog } from '../../platform/audit/audit.table';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { attendanceOver } from '../attendance/attendance.dashboard';
import { academicTerms } from '../calendar/calendar.table';
import { pdfText } from '../fees/pdf-text.testing';
import { students } from '../students/students.table';
import { subjects, timetableEntries } from '../timetable/timetable.table';
import { currentGradeOf, pendingGradesOf } from './exams.dashboard';

// One school for the whole file, walked through an exam's life in order: set up, marks entered,
// published, read by a parent, printed; another institute alongside.
let t: TestApp;
let s: Awaited<ReturnType<typeof scene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await scene();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

async function scene() {
  const school = await makeSchool(t.app);
  const other = await makeSchool(t.app, 'Other');
  const db = t.database.db;
  const i = school.institute.id;
  const [term] = await db
    .insert(academicTerms)
    .values({
      instituteId: i,
      academicYearId: school.year.id,
      name: 'Term 1',
      startsOn: '2026-04-01',
      endsOn: '2026-09-30',
    })
    .returning();
  const seven = [school.classes.seven.id];
  const [maths, science, art] = await db
    .insert(subjects)
    .values([
      { instituteId: i, name: 'Mathematics', code: 'MATH', type: 'compulsory', classIds: seven },
      { instituteId: i, name: 'Science', code: 'SCI', type: 'compulsory', classIds: seven },
      { instituteId: i, name: 'Art Education', code: 'ART', type: 'co_scholastic', classIds: seven },
    ])
    .returning();
  if (!term || !maths || !science || !art) throw new Error('scene not made');
  // The teacher takes VII-A's Mathematics, not its Science.
  await db.insert(timetableEntries).values({
    instituteId: i,
    academicYearId: school.year.id,
    sectionId: school.sections.sevenA.id,
    day: 1,
    period: 1,
    subjectId: maths.id,
    teacherId: school.teacherStaff.id,
  });
  // Two more pupils in VII-A, one named in Devanagari, with roll numbers.
  const [aarav, shreya] = await db
    .insert(students)
    .values([
      {
        instituteId: i,
        admissionNo: '2026/010',
        rollNo: '2',
        firstName: 'Aarav',
        lastName: 'Patil',
        dateOfBirth: '2014-01-01',
        gender: 'male',
        sectionId: school.sections.sevenA.id,
      },
      {
        instituteId: i,
        admissionNo: '2026/011',
        rollNo: '3',
        firstName: 'श्रेया',
        lastName: 'क्षीरसागर',
        dateOfBirth: '2014-02-01',
        gender: 'female',
        sectionId: school.sections.sevenA.id,
      },
    ])
    .returning();
  await db.update(students).set({ rollNo: '1' }).where(eq(students.id, school.students.child.id));
  if (!aarav || !shreya) throw new Error('pupils not made');
  const scale = await send('POST', school.admin.headers, '/api/exams/scales', {
    name: 'CBSE 9-point',
    kind: 'scholastic',
    bands: CBSE_SCALE,
  });
  expect(scale.statusCode).toBe(201);
  const paper = (subject: string, max: number, pass: number) => ({
    class_id: school.classes.seven.id,
    subject_id: subject,
    max_marks: max,
    pass_marks: pass,
  });
  const exam = await send('POST', school.admin.headers, '/api/exams', {
    name: 'Unit Test 1',
    term_id: term.id,
    starts_on: '2026-07-06',
    ends_on: '2026-07-10',
    class_ids: seven,
    scale_id: scale.json().data.id,
    papers: [paper(maths.id, 50, 17), paper(science.id, 50, 17), paper(art.id, 0, 0)],
  });
  expect(exam.statusCode).toBe(201);
  const examId = exam.json().data.id as string;
  const pupils = [school.students.child.id, aarav.id, shreya.id];
  return { ...school, other, term, maths, science, art, aarav, shreya, examId, pupils };
}

const marks = (subjectId: string, entries: object[]) => ({
  section_id: s.sections.sevenA.id,
  subject_id: subjectId,
  entries,
});

describe('grading scales', () => {
  it('refuses a scholastic scale with a gap, naming the percentage', async () => {
    const res = await send('POST', s.admin.headers, '/api/exams/scales', {
      name: 'Broken',
      kind: 'scholastic',
      bands: CBSE_SCALE.filter((b) => b.grade !== 'C2'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes.bands).toEqual({ code: 'exams.scaleGap', params: { percentage: '41' } });
    const co = await send('POST', s.admin.headers, '/api/exams/scales', {
      name: 'Co-scholastic',
      kind: 'co_scholastic',
      bands: CO_SCHOLASTIC_SCALE,
    });
    expect(co.statusCode).toBe(201);
  });
});

describe('marks entry', () => {
  it('lets the subject teacher fill their grid only, within the maximum, once the exam is open', async () => {
    const url = `/api/exams/${s.examId}/marks`;
    const first = { student_id: s.students.child.id, marks: 40.5 };
    const entries = [first];
    expect((await send('PUT', s.teacher.headers, url, marks(s.maths.id, entries))).json().code).toBe(
      'exams.notOpenForMarks',
    );
    expect((await send('POST', s.teacher.headers, `/api/exams/${s.examId}/open`)).statusCode).toBe(403);
    expect((await send('POST', s.admin.headers, `/api/exams/${s.examId}/open`)).statusCode).toBe(200);

    const science = await send('PUT', s.teacher.headers, url, marks(s.science.id, entries));
    expect([science.statusCode, science.json().code]).toEqual([403, 'exams.notYourSubject']);
    const sheets = (await send('GET', s.teacher.headers, `/api/exams/${s.examId}/sheets`)).json().data.items;
    expect(sheets[0]).toMatchObject({
      section_label: 'VII-A',
      subject_name: 'Mathematics',
      mine: true,
      entered: 0,
      total: 3,
    });

    const above = await send(
      'PUT',
      s.teacher.headers,
      url,
      marks(s.maths.id, [first, { student_id: s.aarav.id, marks: 50.5 }]),
    );
    expect(above.statusCode).toBe(400);
    expect(above.json().codes).toEqual({
      'entries.1.marks': { code: 'exams.marksAboveMax', params: { max: 50 } },
    });
    const third = await send(
      'PUT',
      s.teacher.headers,
      url,
      marks(s.maths.id, [{ student_id: s.aarav.id, marks: 12.25 }]),
    );
    expect(third.json().codes).toEqual({ 'entries.0.marks': { code: 'exams.halfMarksOnly' } });

    const saved = await send(
      'PUT',
      s.teacher.headers,
      url,
      marks(s.maths.id, [
        first,
        { student_id: s.aarav.id, marks: 16 },
        { student_id: s.shreya.id, status: 'absent' },
      ]),
    );
    expect(saved.statusCode).toBe(200);
    const sheet = saved.json().data;
    expect(sheet.rows.map((r: { marks: number | null; status: string }) => [r.marks, r.status])).toEqual([
      [40.5, 'present'],
      [16, 'present'],
      [null, 'absent'],
    ]);
    expect(sheet.last_saved.by).toMatch(/^Test teacher User/);
    // A correction is audited with what it was.
    await send('PUT', s.teacher.headers, url, marks(s.maths.id, [{ student_id: s.aarav.id, marks: 18 }]));
    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.aarav.id), eq(auditLog.action, 'exam-marks-changed')));
    expect(history.map((h) => [h.before.marks, h.after.marks])).toEqual([[16, 18]]);

    // The admin enters Science; the class teacher grades the co-scholastic area of the section they lead.
    const sci = [40, 30, 45].map((m, n) => ({ student_id: s.pupils[n], marks: m }));
    expect((await send('PUT', s.admin.headers, url, marks(s.science.id, sci))).statusCode).toBe(200);
    const art = s.pupils.map((id) => ({ student_id: id, grade: 'A' }));
    expect((await send('PUT', s.teacher.headers, url, marks(s.art.id, art))).statusCode).toBe(200);
  });

  it('counts pending grades for the teacher dashboard', async () => {
    const pending = await inInstitute(t.database.db, s.institute.id, async (tx) => {
      const actor = {
        institute: s.institute,
        userId: s.teacher.id,
        role: 'teacher',
        permissions: ['exams:marks'],
      };
      return pendingGradesOf(tx, actor as never);
    });
    // Mathematics has every pupil; the art grades too: nothing is pending.
    expect(pending).toEqual({ count: 0, items: [] });
  });
});

describe('results', () => {
  it('stay hidden from pupils and parents until published, then show only their own', async () => {
    const own = `/api/exams/results?student_id=${s.students.child.id}`;
    expect((await send('GET', s.parent.headers, own)).json().data.items).toEqual([]);
    expect((await send('GET', s.parent.headers, '/api/exams')).json().data.items).toEqual([]);
    const early = await send(
      'GET',
      s.parent.headers,
      `/api/exams/report-cards/students/${s.students.child.id}`,
    );
    expect([early.statusCode, early.json().code]).toEqual([404, 'exams.noResults']);

    expect((await send('POST', s.admin.headers, `/api/exams/${s.examId}/publish`)).statusCode).toBe(200);
    const [result] = (await send('GET', s.parent.headers, own)).json().data.items;
    expect(result).toMatchObject({
      exam_name: 'Unit Test 1',
      total: 80.5,
      max_total: 100,
      percentage: 80.5,
      grade: 'A2',
    });
    expect(
      result.lines.map((l: { subject_name: string; grade: string }) => `${l.subject_name} ${l.grade}`),
    ).toEqual(['Mathematics A2', 'Science B1', 'Art Education A']);
    expect((await send('GET', s.student.headers, own)).json().data.items).toHaveLength(1);
    // Another pupil's results are not found, for a parent and a pupil alike.
    const kabir = `/api/exams/results?student_id=${s.students.other.id}`;
    expect((await send('GET', s.parent.headers, kabir)).statusCode).toBe(404);
    expect((await send('GET', s.student.headers, kabir)).statusCode).toBe(404);
    expect(
      (await send('GET', s.parent.headers, `/api/exams/report-cards/students/${s.aarav.id}`)).statusCode,
    ).toBe(404);

    const grades = await inInstitute(t.database.db, s.institute.id, (tx) =>
      currentGradeOf(tx, s.institute.id, [s.students.child.id, s.students.older.id]),
    );
    expect(Object.fromEntries(grades)).toEqual({
      [s.students.child.id]: { exam_name: 'Unit Test 1', percentage: 80.5, grade: 'A2' },
      [s.students.older.id]: null,
    });
  });

  it('analyses a section per subject', async () => {
    const res = await send(
      'GET',
      s.teacher.headers,
      `/api/exams/${s.examId}/analysis?section_id=${s.sections.sevenA.id}`,
    );
    const { subjects: list, toppers } = res.json().data;
    expect(list[0]).toMatchObject({
      subject_name: 'Mathematics',
      appeared: 2,
      absent: 1,
      average: 29.3,
      highest: 40.5,
      lowest: 18,
      pass_percent: 100,
    });
    expect(list[0].grades).toMatchObject({ A1: 0, A2: 1, D: 1 });
    expect(toppers.map((p: { name: string; percentage: number }) => [p.name, p.percentage])).toEqual([
      ['Ananya Deshpande', 80.5],
      ['Aarav Patil', 48],
      ['श्रेया क्षीरसागर', 45],
    ]);
  });

  it('withdraws published results only through the exam cell, with a reason in the audit log', async () => {
    const url = `/api/exams/${s.examId}/unpublish`;
    expect((await send('POST', s.teacher.headers, url, { reason: 'Wrong marks' })).statusCode).toBe(403);
    expect((await send('POST', s.admin.headers, url, { reason: 'Wrong marks' })).json().data.state).toBe(
      'marks_entry',
    );
    expect((await send('GET', s.parent.headers, '/api/exams')).json().data.items).toEqual([]);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'unpublish'));
    expect(row?.after).toEqual({ state: 'marks_entry', reason: 'Wrong marks' });
    expect((await send('POST', s.admin.headers, `/api/exams/${s.examId}/publish`)).statusCode).toBe(200);
  });
});

describe('changing grading scales', () => {
  const FIVE_POINT = [
    { grade: 'A', min: 81, max: 100, point: null, remark: 'Excellent' },
    { grade: 'B', min: 61, max: 80, point: null, remark: 'Good' },
    { grade: 'C', min: 41, max: 60, point: null, remark: 'Fair' },
    { grade: 'D', min: 33, max: 40, point: null, remark: 'Pass' },
    { grade: 'E', min: 0, max: 32, point: null, remark: 'Needs improvement' },
  ];

  it('lets the exam cell change a scale, audited; one that grades published results keeps its bands', async () => {
    const scales = (await send('GET', s.teacher.headers, '/api/exams/scales')).json().data.items;
    expect(
      scales.map((x: { name: string; grades_published: boolean }) => [x.name, x.grades_published]),
    ).toEqual([
      ['Co-scholastic', false],
      ['CBSE 9-point', true],
    ]);
    const cbse = scales[1];
    const url = `/api/exams/scales/${cbse.id}`;
    const widened = cbse.bands.map((b: { grade: string; min: number }) =>
      b.grade === 'A1' ? { ...b, min: 90 } : b.grade === 'A2' ? { ...b, max: 89 } : b,
    );
    const refused = await send('PUT', s.admin.headers, url, { ...cbse, bands: widened });
    expect([refused.statusCode, refused.json().codes]).toEqual([
      409,
      { bands: { code: 'exams.scaleGradesPublished' } },
    ]);
    // Its name may change (the bands as they are); a teacher may change nothing.
    const renamed = await send('PUT', s.admin.headers, url, { ...cbse, name: 'CBSE 9-point (VI–X)' });
    expect([renamed.statusCode, renamed.json().data.name]).toEqual([200, 'CBSE 9-point (VI–X)']);
    expect((await send('PUT', s.teacher.headers, url, cbse)).statusCode).toBe(403);

    const bad = await send('POST', s.admin.headers, '/api/exams/scales', {
      name: 'Primary 5-point',
      kind: 'scholastic',
      bands: FIVE_POINT.map((b, n) => (n === 1 ? { ...b, grade: 'a' } : n === 2 ? { ...b, max: 101 } : b)),
    });
    expect([bad.statusCode, bad.json().codes]).toEqual([
      400,
      {
        bands: { code: 'exams.scaleGap', params: { percentage: '61' } },
        'bands.1.grade': { code: 'exams.scaleGradeRepeated' },
        'bands.2.max': { code: 'exams.bandPercentRange' },
      },
    ]);
    const added = await send('POST', s.admin.headers, '/api/exams/scales', {
      name: 'Primary 5-point',
      kind: 'scholastic',
      bands: FIVE_POINT,
    });
    expect(added.json().data).toMatchObject({ name: 'Primary 5-point', grades_published: false });
    const id = added.json().data.id;
    const gap = FIVE_POINT.map((b) => (b.grade === 'A' ? { ...b, min: 85 } : b));
    const refusedGap = await send('PUT', s.admin.headers, `/api/exams/scales/${id}`, {
      name: 'Primary 5-point',
      kind: 'scholastic',
      bands: gap,
    });
    expect(refusedGap.json().codes.bands).toEqual({ code: 'exams.scaleGap', params: { percentage: '81' } });
    const moved = FIVE_POINT.map((b) =>
      b.grade === 'A' ? { ...b, min: 86 } : b.grade === 'B' ? { ...b, max: 85 } : b,
    );
    const changed = await send('PUT', s.admin.headers, `/api/exams/scales/${id}`, {
      name: 'Primary 5-point',
      kind: 'scholastic',
      bands: moved,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.bands.slice(0, 2)).toEqual(moved.slice(0, 2));
    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'grading_scale'), eq(auditLog.entityId, id)));
    expect(history.map((h) => [h.action, h.actorId, h.before.bands, h.after.bands])).toEqual([
      ['create', s.admin.id, null, FIVE_POINT],
      ['update', s.admin.id, FIVE_POINT, moved],
    ]);
    const cbseHistory = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'grading_scale'), eq(auditLog.entityId, cbse.id)));
    expect(cbseHistory.map((h) => [h.action, h.after.name])).toEqual([
      ['create', 'CBSE 9-point'],
      ['update', 'CBSE 9-point (VI–X)'],
    ]);
    expect(cbseHistory[1]?.before).toEqual({ name: 'CBSE 9-point' });
  });
});

describe('report cards', () => {
  it("asks the attendance module for the term's figures: the module list as built provides them", () => {
    expect(provider('reportCard.attendance')).toBe(attendanceOver);
  });

  it("prints the term's attendance from the attendance module: days present of days marked, and the percentage", async () => {
    // Term 1 runs 1 April – 30 September. Ananya: P, H, A, L, LV (and one A after the term);
    // Aarav: P on the first day only; Shreya is never marked.
    const take = async (date: string, ananya: string, aarav?: string) => {
      const entries = [{ student_id: s.students.child.id, status: ananya }];
      if (aarav) entries.push({ student_id: s.aarav.id, status: aarav });
      const res = await send('POST', s.admin.headers, '/api/attendance', {
        section_id: s.sections.sevenA.id,
        date,
        entries,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await take('2026-07-06', 'P', 'P');
    await take('2026-07-07', 'H');
    await take('2026-07-08', 'A');
    await take('2026-07-09', 'L');
    await take('2026-07-10', 'LV');
    await take('2026-10-05', 'A');
    const card = async (id: string) =>
      (
        await pdfText(
          (
            await send('GET', s.admin.headers, `/api/exams/report-cards/students/${id}`)
          ).rawPayload,
        )
      ).replace(/\s+/g, ' ');
    // (P + L + ½H) = 2.5 of 5 days marked = 50 %; October's absence is another term's.
    expect(await card(s.students.child.id)).toContain('Attendance: Present 2.5 of 5 days marked (50.0 %)');
    expect(await card(s.aarav.id)).toContain('Attendance: Present 1 of 1 days marked (100.0 %)');
    expect(await card(s.shreya.id)).toContain('Attendance: Not recorded for this term');
  });

  it("prints a pupil's card as a PDF with Devanagari names shaped", async () => {
    const res = await send(
      'GET',
      s.parent.headers,
      `/api/exams/report-cards/students/${s.students.child.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="report-card-2026-001-Term-1.pdf"');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      'REPORT CARD',
      'Term 1',
      'Ananya Deshpande',
      '2026/001',
      'VII-A',
      'Sunita Deshpande',
      'Unit Test 1',
      'Mathematics',
      '40.5 / 50',
      'B1',
      '80.5 / 100',
      '80.50 %',
      'Grade A2',
      'Art Education',
      'Excellent',
      'Attendance',
    ])
      expect(text).toContain(part);
    const shreya = await send('GET', s.admin.headers, `/api/exams/report-cards/students/${s.shreya.id}`);
    const devanagari = (await pdfText(shreya.rawPayload)).replace(/\s+/g, '');
    expect(devanagari).toContain('श्रेयाक्षीरसागर');
    expect(devanagari).toContain('AB/50');
    if (process.env.REPORT_CARD_PDF) writeFileSync(process.env.REPORT_CARD_PDF, shreya.rawPayload);
  });

  it("prepares a section's cards as a job: one page per pupil, for staff to download", async () => {
    const start = await send('POST', s.teacher.headers, '/api/exams/report-cards', {
      section_id: s.sections.sevenA.id,
      term_id: s.term.id,
    });
    expect(start.statusCode).toBe(202);
    const jobId = start.json().data.job_id;
    await t.app.jobs.drain();
    const job = (await send('GET', s.teacher.headers, `/api/jobs/${jobId}`)).json().data;
    expect(job).toMatchObject({ status: 'done', progress: { done: 3, total: 3 }, result: { pages: 3 } });
    const file = await send('GET', s.teacher.headers, `/api/exams/report-cards/${jobId}`);
    expect(file.headers['content-type']).toBe('application/pdf');
    const doc = await getDocument({ data: new Uint8Array(file.rawPayload) }).promise;
    expect(doc.numPages).toBe(3);
    expect((await send('GET', s.parent.headers, `/api/exams/report-cards/${jobId}`)).statusCode).toBe(403);
  });
});

describe('another institute', () => {
  it('finds none of these exams, sheets or report cards', async () => {
    const h = s.other.admin.headers;
    expect((await send('GET', h, `/api/exams/${s.examId}`)).statusCode).toBe(404);
    const put = await send(
      'PUT',
      h,
      `/api/exams/${s.examId}/marks`,
      marks(s.maths.id, [{ student_id: s.aarav.id, marks: 1 }]),
    );
    expect(put.statusCode).toBe(404);
    expect(
      (await send('POST', h, `/api/exams/${s.examId}/unpublish`, { reason: 'Not mine' })).statusCode,
    ).toBe(404);
    expect((await send('GET', h, `/api/exams/report-cards/students/${s.aarav.id}`)).statusCode).toBe(404);
    expect((await send('GET', h, '/api/exams')).json().data.items).toEqual([]);
  });
});
