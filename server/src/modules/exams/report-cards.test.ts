import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { provider } from '../../kit/hooks';
import { institutes } from '../../platform/institutes';
import { useTestApp } from '../../testing/test-app';
import { attendanceOver } from '../attendance/attendance.dashboard';
import { pdfText } from '../fees/pdf-text.testing';
import { publishedExamScene, sender } from './exams.testing';

// Report cards of a published Unit Test 1 (exams.testing.ts): the term's attendance, a pupil's
// card, a section's cards as a job.
const t = useTestApp({}, { each: false });
const send = sender(t);
let s: Awaited<ReturnType<typeof publishedExamScene>>;
beforeAll(async () => {
  s = await publishedExamScene(t);
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
    // No logo uploaded: the monogram, no picture.
    expect(shreya.rawPayload.includes('/Subtype /Image')).toBe(false);
  });

  it("prints the institute's uploaded logo in the header, not a monogram (issue 32)", async () => {
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#1a4d8f' } })
      .png()
      .toBuffer();
    const url = await t.app.storage.put(`branding/${s.institute.id}/logo/card.png`, png, 'image/png');
    await t.database.db.update(institutes).set({ logoUrl: url }).where(eq(institutes.id, s.institute.id));
    t.app.invalidation.clearAll();
    const card = await send('GET', s.admin.headers, `/api/exams/report-cards/students/${s.shreya.id}`);
    expect(card.rawPayload.includes('/Subtype /Image')).toBe(true);
    await t.database.db.update(institutes).set({ logoUrl: null }).where(eq(institutes.id, s.institute.id));
    t.app.invalidation.clearAll();
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

  it('a teacher reads only the marks of pupils whose records they see; the office any (issue 27)', async () => {
    // The teacher leads VII-A and teaches its Mathematics; Kabir is in VII-B.
    const kabir = s.students.other.id;
    const sevenB = { section_id: s.sections.sevenB.id, term_id: s.term.id };
    const status = async (
      headers: Record<string, string>,
      method: 'GET' | 'POST',
      url: string,
      body?: object,
    ) => (await send(method, headers, url, body)).statusCode;
    const asTeacher = (method: 'GET' | 'POST', url: string, body?: object) =>
      status(s.teacher.headers, method, url, body);
    expect(await asTeacher('GET', `/api/exams/results?student_id=${kabir}`)).toBe(404);
    expect(await asTeacher('GET', `/api/exams/report-cards/students/${kabir}`)).toBe(404);
    expect(await asTeacher('POST', '/api/exams/report-cards', sevenB)).toBe(404);
    const query = `section_id=${s.sections.sevenB.id}`;
    expect(await asTeacher('GET', `/api/exams/${s.examId}/analysis?${query}`)).toBe(404);
    expect(await asTeacher('GET', `/api/exams/${s.examId}/sheet?${query}&subject_id=${s.maths.id}`)).toBe(
      404,
    );
    const sheets = await send('GET', s.teacher.headers, `/api/exams/${s.examId}/sheets`);
    const listed = new Set(sheets.json().data.items.map((x: { section_label: string }) => x.section_label));
    expect([...listed]).toEqual(['VII-A']);
    // Their own pupils' stay open to them.
    expect(await asTeacher('GET', `/api/exams/results?student_id=${s.pupils[1]}`)).toBe(200);
    expect(await asTeacher('GET', `/api/exams/${s.examId}/analysis?section_id=${s.sections.sevenA.id}`)).toBe(
      200,
    );

    // The office prepares VII-B's cards; the teacher cannot download them by the job's id.
    expect(await status(s.admin.headers, 'GET', `/api/exams/results?student_id=${kabir}`)).toBe(200);
    const start = await send('POST', s.admin.headers, '/api/exams/report-cards', sevenB);
    expect(start.statusCode).toBe(202);
    await t.app.jobs.drain();
    const file = `/api/exams/report-cards/${start.json().data.job_id}`;
    expect(await status(s.admin.headers, 'GET', file)).toBe(200);
    expect(await asTeacher('GET', file)).toBe(404);
  });
});
