import { CBSE_SCALE, CO_SCHOLASTIC_SCALE } from '@schooliko/common/academics/grading';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { auditLog } from '../../platform/audit/audit.table';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { currentGradeOf, pendingGradesOf } from './exams.dashboard';
import { examScene, marksOf, sender } from './exams.testing';

// One school for the whole file (exams.testing.ts), walked through an exam's life in order: marks
// entered, published, read by a parent, withdrawn; another institute alongside. Report cards:
// report-cards.test.ts.
let t: TestApp;
let s: Awaited<ReturnType<typeof examScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await examScene(t);
});
afterAll(() => t.close());

const send = (...args: Parameters<ReturnType<typeof sender>>) => sender(t)(...args);

const marks = (subjectId: string, entries: object[]) => marksOf(s, subjectId, entries);

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
