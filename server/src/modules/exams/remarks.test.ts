import { writeFileSync } from 'node:fs';
import { CBSE_SCALE } from '@schooliko/common/academics/grading';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academicTerms } from '../calendar/calendar.table';
import { pdfText } from '../fees/pdf-text.testing';
import { students } from '../students/students.table';
import { subjects } from '../timetable/timetable.table';
import { reportCardRemarks } from './exams.table';

// The class teacher's written remarks on a term's report cards: one school whose VII-A (led by
// the teacher) wrote a published unit test, a director, and another institute alongside.
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
  const director = await makeUser(db, { institute: school.institute, roles: ['director'] });
  const directorHeaders = as(school.institute, await tokenFor(t.app, director, school.institute, 'director'));
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
  const [maths] = await db
    .insert(subjects)
    .values({
      instituteId: i,
      name: 'Mathematics',
      code: 'MATH',
      type: 'compulsory',
      classIds: [school.classes.seven.id],
    })
    .returning();
  const [aarav, shreya] = await db
    .insert(students)
    .values(
      [
        ['2026/010', '2', 'Aarav', 'Patil'],
        ['2026/011', '3', 'श्रेया', 'क्षीरसागर'],
      ].map(([admissionNo, rollNo, firstName, lastName]) => ({
        instituteId: i,
        admissionNo: admissionNo as string,
        rollNo: rollNo as string,
        firstName: firstName as string,
        lastName: lastName as string,
        dateOfBirth: '2014-01-01',
        gender: 'female' as const,
        sectionId: school.sections.sevenA.id,
      })),
    )
    .returning();
  await db.update(students).set({ rollNo: '1' }).where(eq(students.id, school.students.child.id));
  if (!term || !maths || !aarav || !shreya) throw new Error('scene not made');
  const admin = school.admin.headers;
  const scale = await send('POST', admin, '/api/exams/scales', {
    name: 'CBSE',
    kind: 'scholastic',
    bands: CBSE_SCALE,
  });
  const exam = await send('POST', admin, '/api/exams', {
    name: 'Unit Test 1',
    term_id: term.id,
    starts_on: '2026-07-06',
    ends_on: '2026-07-10',
    class_ids: [school.classes.seven.id],
    scale_id: scale.json().data.id,
    papers: [{ class_id: school.classes.seven.id, subject_id: maths.id, max_marks: 50, pass_marks: 17 }],
  });
  const examId = exam.json().data.id as string;
  expect((await send('POST', admin, `/api/exams/${examId}/open`)).statusCode).toBe(200);
  // Ananya 46/50 (92 %, A1 "Outstanding"), Aarav 30/50 (60 %, C1), Shreya 20/50 (40 %, D "Fair").
  const entries = [
    [school.students.child.id, 46],
    [aarav.id, 30],
    [shreya.id, 20],
  ].map(([student_id, marks]) => ({ student_id, marks }));
  const saved = await send('PUT', admin, `/api/exams/${examId}/marks`, {
    section_id: school.sections.sevenA.id,
    subject_id: maths.id,
    entries,
  });
  expect(saved.statusCode).toBe(200);
  expect((await send('POST', admin, `/api/exams/${examId}/publish`)).statusCode).toBe(200);
  return {
    ...school,
    other,
    director: directorHeaders,
    directorId: director.id,
    term,
    aarav,
    shreya,
    examId,
  };
}

const remarksUrl = () => `/api/exams/${s.examId}/remarks`;
const body = (remarks: { student_id: string; remark: string }[], sectionId = s.sections.sevenA.id) => ({
  section_id: sectionId,
  remarks,
});
const teacherName = expect.stringMatching(/^Test teacher User /);
const HINDI = 'श्रेया गणित में अच्छी प्रगति कर रही है; नियमित अभ्यास से और निखार आएगा।';

describe('writing remarks', () => {
  it("lists the sections the caller may write for: the class teacher's own, the office's all", async () => {
    const mine = await send('GET', s.teacher.headers, `/api/exams/${s.examId}/remark-sections`);
    expect(mine.json().data.items).toEqual([
      { section_id: s.sections.sevenA.id, section_label: 'VII-A', written: 0, total: 3 },
    ]);
    const all = await send('GET', s.director, `/api/exams/${s.examId}/remark-sections`);
    expect(all.json().data.items.map((x: { section_label: string }) => x.section_label)).toEqual([
      'VII-A',
      'VII-B',
    ]);
  });

  it('saves a section at once, trimmed, in any script, with who wrote it and an audit row each', async () => {
    const res = await send(
      'PUT',
      s.teacher.headers,
      remarksUrl(),
      body([
        { student_id: s.students.child.id, remark: '  Ananya is attentive and helps her classmates.  ' },
        { student_id: s.aarav.id, remark: '' },
        { student_id: s.shreya.id, remark: HINDI },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Remarks saved');
    const sheet = res.json().data;
    expect(sheet).toMatchObject({ term_name: 'Term 1', section_label: 'VII-A' });
    expect(
      sheet.rows.map(
        (r: { name: string; remark: string; band_remark: string; written_by: string | null }) => [
          r.name,
          r.remark,
          r.band_remark,
          r.written_by,
        ],
      ),
    ).toEqual([
      ['Ananya Deshpande', 'Ananya is attentive and helps her classmates.', 'Outstanding', teacherName],
      ['Aarav Patil', '', 'Above average', null],
      ['श्रेया क्षीरसागर', HINDI, 'Fair', teacherName],
    ]);
    expect(sheet.last_saved.by).toMatch(/^Test teacher User/);
    // The empty remark of a pupil without one is no change: nothing stored, nothing audited.
    const stored = await t.database.db
      .select({
        studentId: reportCardRemarks.studentId,
        remark: reportCardRemarks.remark,
        termId: reportCardRemarks.termId,
      })
      .from(reportCardRemarks)
      .where(eq(reportCardRemarks.instituteId, s.institute.id));
    expect(new Set(stored.map((r) => r.studentId))).toEqual(new Set([s.students.child.id, s.shreya.id]));
    expect(stored.every((r) => r.termId === s.term.id)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'student'), like(auditLog.action, 'report-card-remark%')));
    expect(audit.map((a) => [a.entityId, a.action, a.actorId, a.after.remark])).toEqual(
      expect.arrayContaining([
        [
          s.students.child.id,
          'report-card-remark',
          s.teacher.id,
          'Ananya is attentive and helps her classmates.',
        ],
        [s.shreya.id, 'report-card-remark', s.teacher.id, HINDI],
      ]),
    );
    expect(audit).toHaveLength(2);
    const sections = await send('GET', s.teacher.headers, `/api/exams/${s.examId}/remark-sections`);
    expect(sections.json().data.items[0]).toMatchObject({ written: 2, total: 3 });
  });

  it('replaces a remark and clears another (audited with what it was), keeping an unchanged one as written', async () => {
    const [before] = await t.database.db
      .select()
      .from(reportCardRemarks)
      .where(eq(reportCardRemarks.studentId, s.shreya.id));
    const res = await send(
      'PUT',
      s.director,
      remarksUrl(),
      body([
        { student_id: s.students.child.id, remark: 'Ananya leads the class quiz team with confidence.' },
        { student_id: s.aarav.id, remark: 'Aarav should revise fractions daily.' },
        { student_id: s.shreya.id, remark: HINDI },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const cleared = await send(
      'PUT',
      s.teacher.headers,
      remarksUrl(),
      body([{ student_id: s.aarav.id, remark: ' ' }]),
    );
    const rows = cleared.json().data.rows as { remark: string; written_at: string | null }[];
    expect(rows.map((r) => r.remark)).toEqual([
      'Ananya leads the class quiz team with confidence.',
      '',
      HINDI,
    ]);
    expect(rows[2]?.written_at).toBe(before?.writtenAt.toISOString());
    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.aarav.id), like(auditLog.action, 'report-card-remark%')))
      .orderBy(asc(auditLog.at));
    expect(history.map((h) => [h.action, h.before.remark ?? null, h.after.remark])).toEqual([
      ['report-card-remark', null, 'Aarav should revise fractions daily.'],
      ['report-card-remark-changed', 'Aarav should revise fractions daily.', ''],
    ]);
    const [ananya] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, s.students.child.id), eq(auditLog.action, 'report-card-remark-changed')),
      );
    expect([ananya?.actorId, ananya?.before, ananya?.after]).toEqual([
      s.directorId,
      { term_id: s.term.id, term: 'Term 1', remark: 'Ananya is attentive and helps her classmates.' },
      { term_id: s.term.id, term: 'Term 1', remark: 'Ananya leads the class quiz team with confidence.' },
    ]);
  });
});

describe('who may write', () => {
  it("refuses a teacher another section's remarks with a code, and pupils and parents any", async () => {
    const kabir = [{ student_id: s.students.other.id, remark: 'Good' }];
    const read = await send('GET', s.teacher.headers, `${remarksUrl()}?section_id=${s.sections.sevenB.id}`);
    expect([read.statusCode, read.json().code]).toEqual([403, 'exams.notClassTeacher']);
    const write = await send('PUT', s.teacher.headers, remarksUrl(), body(kabir, s.sections.sevenB.id));
    expect([write.statusCode, write.json().code]).toEqual([403, 'exams.notClassTeacher']);
    for (const h of [s.parent.headers, s.student.headers])
      expect((await send('GET', h, `${remarksUrl()}?section_id=${s.sections.sevenA.id}`)).statusCode).toBe(
        403,
      );
    // The office may: the admin writes VII-B's.
    const admin = await send('PUT', s.admin.headers, remarksUrl(), body(kabir, s.sections.sevenB.id));
    expect([admin.statusCode, admin.json().data.rows[0].remark]).toEqual([200, 'Good']);
  });

  it("finds nothing of another institute's: its exam, section or pupil", async () => {
    const theirs = s.other.admin.headers;
    const mine = [{ student_id: s.aarav.id, remark: 'Not yours' }];
    expect((await send('GET', theirs, `${remarksUrl()}?section_id=${s.sections.sevenA.id}`)).statusCode).toBe(
      404,
    );
    expect((await send('PUT', theirs, remarksUrl(), body(mine))).statusCode).toBe(404);
    expect((await send('GET', theirs, `/api/exams/${s.examId}/remark-sections`)).statusCode).toBe(404);
    const section = await send('PUT', s.admin.headers, remarksUrl(), body(mine, s.other.sections.sevenA.id));
    expect([section.statusCode, section.json().code]).toEqual([404, 'classes.sectionNotFound']);
    const pupil = await send(
      'PUT',
      s.admin.headers,
      remarksUrl(),
      body([{ student_id: s.other.students.child.id, remark: 'Not ours' }]),
    );
    expect([pupil.statusCode, pupil.json().code]).toEqual([404, 'students.notFound']);
  });
});

describe('validation', () => {
  it('names each bad row: too long, repeated, of another section', async () => {
    const long = 'क'.repeat(301);
    const res = await send(
      'PUT',
      s.teacher.headers,
      remarksUrl(),
      body([
        { student_id: s.students.child.id, remark: 'Fine' },
        { student_id: s.aarav.id, remark: long },
        { student_id: s.students.child.id, remark: 'Again' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual({
      'remarks.1.remark': { code: 'exams.remarkTooLong', params: { max: 300 } },
      'remarks.2.student_id': { code: 'exams.remarkRepeated' },
    });
    // 300 characters after trimming are allowed.
    const exact = await send(
      'PUT',
      s.teacher.headers,
      remarksUrl(),
      body([{ student_id: s.aarav.id, remark: ` ${'क'.repeat(300)} ` }]),
    );
    expect(exact.json().data.rows[1].remark).toHaveLength(300);
    const elsewhere = await send(
      'PUT',
      s.teacher.headers,
      remarksUrl(),
      body([
        { student_id: s.aarav.id, remark: 'Good' },
        { student_id: s.students.other.id, remark: 'Good' },
      ]),
    );
    expect([elsewhere.statusCode, elsewhere.json().codes]).toEqual([
      400,
      { 'remarks.1.student_id': { code: 'exams.notInSection' } },
    ]);
    // Nothing of a refused save was written.
    const [aarav] = await t.database.db
      .select()
      .from(reportCardRemarks)
      .where(eq(reportCardRemarks.studentId, s.aarav.id));
    expect(aarav?.remark).toBe('क'.repeat(300));
    await send('PUT', s.teacher.headers, remarksUrl(), body([{ student_id: s.aarav.id, remark: '' }]));
  });
});

describe('the report card', () => {
  const card = async (id: string) =>
    pdfText(
      (await send('GET', s.admin.headers, `/api/exams/report-cards/students/${id}?term_id=${s.term.id}`))
        .rawPayload,
    );

  it("prints the written remark, else the band's, and Hindi shaped", async () => {
    expect((await card(s.students.child.id)).replace(/\s+/g, ' ')).toContain(
      "Class teacher's remark: Ananya leads the class quiz team with confidence.",
    );
    const aarav = (await card(s.aarav.id)).replace(/\s+/g, ' ');
    expect(aarav).toContain("Class teacher's remark: Above average");
    const res = await send(
      'GET',
      s.parent.headers,
      `/api/exams/report-cards/students/${s.students.child.id}`,
    );
    expect(await pdfText(res.rawPayload)).toContain('Ananya leads the class quiz team');
    const shreya = await send('GET', s.admin.headers, `/api/exams/report-cards/students/${s.shreya.id}`);
    const text = (await pdfText(shreya.rawPayload)).replace(/\s+/g, '');
    // Shaped text reaches pdf.js in visual order: the vowel sign ि drawn before its consonant
    // (cluster), the conjuncts (च्छ, भ्य, प्र) as one glyph each.
    const visual = HINDI.replace(/\s+/g, '').replace(/((?:[क-ह]़?्)*[क-ह]़?)ि/g, 'ि$1');
    expect(text).toContain(`Classteacher'sremark:${visual}`);
    expect(text).not.toContain('remark:Fair');
    if (process.env.REPORT_CARD_PDF) writeFileSync(process.env.REPORT_CARD_PDF, shreya.rawPayload);
  });

  it("carries the remarks into the section's bulk report cards", async () => {
    const start = await send('POST', s.teacher.headers, '/api/exams/report-cards', {
      section_id: s.sections.sevenA.id,
      term_id: s.term.id,
    });
    await t.app.jobs.drain();
    const file = await send('GET', s.teacher.headers, `/api/exams/report-cards/${start.json().data.job_id}`);
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(file.rawPayload) }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ');
    expect(text.replace(/\s+/g, ' ')).toContain('Ananya leads the class quiz team with confidence.');
  });
});
