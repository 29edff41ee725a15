import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { homeworkFiles } from './homework.table';
import { type Headers, homeworkKit, PDF } from './homework.testing';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-homework-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => t.reset());

const { send, school, upload } = homeworkKit(() => t);

describe('files', () => {
  it('attaches checked files and serves them only to who may see the work', async () => {
    const s = await school();
    expect((await upload(s.teacher.headers, Buffer.from('MZ not a pdf'), 'virus.pdf')).statusCode).toBe(415);
    const file = (await upload(s.teacher.headers, PDF)).json().data;
    expect([file.name, file.content_type, file.bytes]).toEqual([
      'worksheet.pdf',
      'application/pdf',
      PDF.length,
    ]);
    const stray = (await upload(s.teacher.headers, PDF, 'draft.pdf')).json().data;
    const stolen = await s.set(s.admin.headers, { attachment_ids: [file.id] });
    expect(stolen.json().code).toBe('homework.filesUnknown');
    const work = (await s.set(s.teacher.headers, { attachment_ids: [file.id] })).json().data;
    expect(work.attachments.map((f: { id: string }) => f.id)).toEqual([file.id]);

    const get = (headers: Headers, id: string) => send('GET', headers, `/api/homework/files/${id}`);
    const mine = await get(s.student.headers, file.id);
    expect([mine.statusCode, mine.headers['content-type'], mine.rawPayload.equals(PDF)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    // A PDF is saved, not opened on the school's site (no browser shows a PDF in a sandbox).
    expect([
      mine.headers['content-disposition'],
      mine.headers['content-security-policy'],
      mine.headers['x-content-type-options'],
    ]).toEqual([
      `attachment; filename="worksheet.pdf"; filename*=UTF-8''worksheet.pdf`,
      "default-src 'none'; sandbox",
      'nosniff',
    ]);
    expect((await get(s.parent.headers, file.id)).statusCode).toBe(200);
    expect((await get(s.otherPupil, file.id)).statusCode).toBe(404);
    expect((await get(s.student.headers, stray.id)).statusCode).toBe(404);
    const elsewhere = await makeSchool(t.app, 'Elsewhere');
    expect((await get(elsewhere.admin.headers, file.id)).statusCode).toBe(404);

    const answer = (await upload(s.student.headers, PDF, 'my answers.pdf')).json().data;
    const sent = await send('POST', s.student.headers, `/api/homework/${work.id}/submission`, {
      file_ids: [answer.id],
    });
    expect(sent.json().data.submission.files.map((f: { name: string }) => f.name)).toEqual([
      'my answers.pdf',
    ]);
    expect((await get(s.teacher.headers, answer.id)).statusCode).toBe(200);
    expect((await get(s.parent.headers, answer.id)).statusCode).toBe(200);
    expect((await get(s.otherPupil, answer.id)).statusCode).toBe(404);
  });

  it('keeps private files off the public /uploads path', async () => {
    const s = await school();
    await upload(s.teacher.headers, PDF);
    const keys = await t.database.db.select({ key: homeworkFiles.key }).from(homeworkFiles);
    expect(keys[0]?.key.startsWith(`private/${s.institute.id}/homework/`)).toBe(true);
    expect((await send('GET', {}, `/uploads/${keys[0]?.key}`)).statusCode).toBe(404);
  });
});
