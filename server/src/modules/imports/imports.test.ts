import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../platform/uploads/uploads.testing';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { bombStrings, workbookWith } from './imports.testing';

const t = useTestApp();

const HEADER =
  'Admission No,First Name,Last Name,Date of Birth,Gender,Section,APAAR ID,RTE,Father Name,Father Phone';

function upload(
  headers: Record<string, string>,
  csv: string | Buffer,
  mode?: string,
  filename = 'students.csv',
) {
  const form = multipart(mode ? { mode } : {}, {
    filename,
    contentType: 'text/csv',
    data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/imports/students',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function finished(headers: Record<string, string>, jobId: string) {
  await t.app.jobs.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const count = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/students?limit=1', headers })).json().data.pagination.total;

describe('importing students', () => {
  it('previews with every row error and writes nothing, then imports the valid rows', async () => {
    const s = await makeSchool(t.app);
    const csv = [
      HEADER,
      '2026/101,Aarav,Sharma,14/08/2016,M,VIII-A,1234 5678 9012,yes,Rajesh Sharma,98220 12345',
      '2026/102,,Patil,2016-01-01,F,VIII-A,,no,,',
      '2026/103,Diya,Nair,31/02/2016,F,IX-Z,12345,maybe,,',
      '2026/101,Kabir,Khan,2016-03-03,M,,,,,',
      '2026/001,Ira,Joshi,2016-03-03,F,,,,,',
      '2026/104,Saanvi,Rao,2016-05-05,girl,VII-A,,,Suresh Rao,12345',
      '2026/105,Myra,Iyer,2016-06-06,F,VII-A,,,,',
    ].join('\r\n');
    const before = await count(s.admin.headers);
    const preview = await upload(s.admin.headers, csv, 'preview');
    expect(preview.statusCode).toBe(202);
    const job = await finished(s.admin.headers, preview.json().data.job_id);
    expect(job.status).toBe('done');
    expect(job.result).toEqual({ mode: 'preview', rows: 7, valid: 2, invalid: 5, imported: 0 });
    expect(job.errors).toEqual([
      { line: 3, field: 'first_name', message: 'Please enter a name' },
      { line: 4, field: 'section', message: 'No section "IX-Z" in the current academic year' },
      { line: 4, field: 'date_of_birth', message: 'Please enter a valid date (YYYY-MM-DD)' },
      { line: 4, field: 'apaar_id', message: 'APAAR ID must be exactly 12 digits' },
      { line: 4, field: 'rte', message: 'Please answer yes or no' },
      {
        line: 5,
        field: 'admission_no',
        message: 'The same admission number is already on line 2 of this file',
      },
      { line: 6, field: 'admission_no', message: 'This admission number is already used by another student' },
      { line: 7, field: 'father_phone', message: 'Please enter a valid 10-digit mobile number' },
    ]);
    expect(await count(s.admin.headers)).toBe(before);

    const run = await upload(s.admin.headers, csv);
    const imported = await finished(s.admin.headers, run.json().data.job_id);
    expect(imported.result).toEqual({ mode: 'import', rows: 7, valid: 2, invalid: 5, imported: 2 });
    expect(imported.progress).toEqual({ done: 2, total: 2 });
    expect(await count(s.admin.headers)).toBe(before + 2);
    const aarav = (
      await t.app.inject({ method: 'GET', url: '/api/students?search=2026%2F101', headers: s.admin.headers })
    ).json().data.items[0];
    expect(aarav).toMatchObject({
      full_name: 'Aarav Sharma',
      date_of_birth: '2016-08-14',
      gender: 'male',
      section_name: 'VIII-A',
      apaar_id: '123456789012',
      rte: true,
    });
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/students/${aarav.id}/history`,
        headers: s.admin.headers,
      })
    ).json().data.items;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['import']);
  });

  it('fails the whole file, writing nothing, for a file it cannot read', async () => {
    const s = await makeSchool(t.app);
    const latin1 = Buffer.from(`${HEADER}\n2026/201,Jos\xe9,D,2016-01-01,M,,,,,\n`, 'latin1');
    const job = await finished(s.admin.headers, (await upload(s.admin.headers, latin1)).json().data.job_id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.failure).toMatch(/CSV UTF-8/);
    const missing = await finished(
      s.admin.headers,
      (await upload(s.admin.headers, 'First Name\nAarav\n')).json().data.job_id,
    );
    expect(missing.failure).toBe(
      'Required columns are missing: Admission No, Date of Birth, Gender. Download the template to see them.',
    );
    const utf16 = await upload(s.admin.headers, Buffer.from([0xff, 0xfe, 0x41, 0x00]));
    expect(utf16.statusCode).toBe(415);
    expect(utf16.json().message).toMatch(/UTF-16/);
  });

  it('refuses a file over 10 MB with a clear message and keeps nothing', async () => {
    const s = await makeSchool(t.app);
    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    const res = await upload(s.admin.headers, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'The file is larger than 10 MB. Split it into smaller files and import them one by one.',
    );
    await t.app.jobs.drain();
  });

  it('fails a zip bomb once, in preview, while the server keeps answering', async () => {
    const s = await makeSchool(t.app);
    // 120 MB of shared strings packed into a workbook of about 300 KB (the report's: 6.6 MB → 4.5 GB).
    const bomb = workbookWith(await bombStrings(120 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(400 * 1024);
    const preview = await upload(s.admin.headers, bomb, 'preview', 'students.xlsx');
    expect(preview.statusCode).toBe(202);
    const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
    const [during] = await Promise.all([health(), t.app.jobs.drain()]);
    expect(during.statusCode).toBe(200);
    const job = await finished(s.admin.headers, preview.json().data.job_id);
    expect([job.status, job.attempts, job.failure]).toEqual(['failed', 1, IMPORT_MESSAGES.xlsxTooLarge.text]);
    expect((await health()).statusCode).toBe(200);
  });

  it('lets only staff with people:import upload, and shows a job only to its institute and starter', async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    expect((await upload(a.teacher.headers, HEADER)).statusCode).toBe(403);
    const jobId = (await upload(a.admin.headers, `${HEADER}\n`, 'preview')).json().data.job_id;
    await t.app.jobs.drain();
    for (const headers of [b.admin.headers, a.teacher.headers]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it('offers a template naming the columns', async () => {
    const s = await makeSchool(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/imports/students/template?format=csv',
      headers: s.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const header = res.body.replace(/^\uFEFF/, '').trim();
    expect(
      header.startsWith(
        'Admission No,Roll No,First Name,Middle Name,Last Name,Date of Birth,Gender,Section,',
      ),
    ).toBe(true);
    expect(header.endsWith('Father Name,Father Phone,Mother Name,Mother Phone')).toBe(true);
  });
});
