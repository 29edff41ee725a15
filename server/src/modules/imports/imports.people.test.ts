import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { actorForJob } from '../../platform/jobs/jobs.actor';
import { multipart } from '../../platform/uploads/uploads.testing';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { staff } from '../staff/staff.table';
import { runImport } from './imports.service';
import { importFiles } from './imports.table';

const t = useTestApp();

type Headers = Record<string, string>;

function upload(kind: 'staff' | 'guardians' | 'students', headers: Headers, csv: string, mode?: string) {
  const form = multipart(mode ? { mode } : {}, {
    filename: `${kind}.csv`,
    contentType: 'text/csv',
    data: Buffer.from(csv),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function run(kind: 'staff' | 'guardians' | 'students', headers: Headers, csv: string, mode?: string) {
  const res = await upload(kind, headers, csv, mode);
  expect(res.statusCode).toBe(202);
  await t.app.jobs.drain();
  const job = await t.app.inject({ method: 'GET', url: `/api/jobs/${res.json().data.job_id}`, headers });
  expect(job.statusCode).toBe(200);
  return job.json().data;
}

const list = async (path: string, headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/${path}`, headers })).json().data;

const STAFF_HEADER =
  'Employee Code,First Name,Last Name,Kind,Gender,Phone,Designation,Department,Joining Date,Police Verification On';

describe('importing staff', () => {
  it('previews every row error without writing, then imports the valid rows once, audited', async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const csv = [
      STAFF_HEADER,
      'S-101,Meera,Kulkarni,Teaching,F,+91 98220 11111,PGT Physics,Science,01/06/2019,15/05/2019',
      'S-102,Ramesh,Pawar,non-teaching,M,98220 22222,Clerk,Office,2020-07-01,',
      'S-101,Sita,Rao,teaching,F,,TGT,Languages,2021-01-01,',
      't-001,Anil,Joshi,teaching,M,,TGT,Maths,2021-01-01,',
      'S-103,,Shinde,teaching,M,12345,,,31/02/2021,',
    ].join('\r\n');
    const before = (await list('staff?limit=1', a.admin.headers)).pagination.total;

    const preview = await run('staff', a.admin.headers, csv, 'preview');
    expect(preview.status).toBe('done');
    expect(preview.result).toEqual({ mode: 'preview', rows: 5, valid: 2, invalid: 3, imported: 0 });
    expect(preview.errors).toEqual([
      {
        line: 4,
        field: 'employee_code',
        message: 'The same employee code is already on line 2 of this file',
      },
      {
        line: 5,
        field: 'employee_code',
        message: 'This employee code is already used by another staff member',
      },
      { line: 6, field: 'first_name', message: 'Please enter a name' },
      { line: 6, field: 'phone', message: 'Please enter a valid 10-digit mobile number' },
      { line: 6, field: 'joining_date', message: 'Please enter a valid date (YYYY-MM-DD)' },
    ]);
    expect((await list('staff?limit=1', a.admin.headers)).pagination.total).toBe(before);

    const imported = await run('staff', a.admin.headers, csv);
    expect(imported.result).toEqual({ mode: 'import', rows: 5, valid: 2, invalid: 3, imported: 2 });
    expect((await list('staff?limit=1', a.admin.headers)).pagination.total).toBe(before + 2);
    const [meera] = (await list('staff?search=S-101', a.admin.headers)).items;
    expect(meera).toMatchObject({
      full_name: 'Meera Kulkarni',
      kind: 'teaching',
      gender: 'female',
      phone: '9822011111',
      joining_date: '2019-06-01',
      police_verification_on: '2019-05-15',
      status: 'active',
    });
    const [ramesh] = (await list('staff?search=S-102', a.admin.headers)).items;
    expect(ramesh).toMatchObject({ kind: 'non_teaching', department: 'Office' });
    const history = await list(`staff/${meera.id}/history`, a.admin.headers);
    expect(history.items.map((h: { action: string }) => h.action)).toEqual(['import']);
    // Another institute: the same codes are free there, and nothing of it changed.
    expect((await list('staff?limit=1', b.admin.headers)).pagination.total).toBe(before);
    expect((await list('staff?search=S-101', b.admin.headers)).items).toEqual([]);
  });

  it('needs staff:write: a teacher gets 403 for the upload and the template', async () => {
    const a = await makeSchool(t.app);
    expect((await upload('staff', a.teacher.headers, STAFF_HEADER)).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/imports/staff/template?format=csv',
      headers: a.teacher.headers,
    });
    expect(template.statusCode).toBe(403);
  });

  it('carries on after a failed batch without importing a row twice', async () => {
    const a = await makeSchool(t.app);
    const rows = Array.from({ length: 620 }, (_, n) => `R-${n},Staff${n},Test,2024-06-01`);
    const csv = ['Employee Code,First Name,Last Name,Joining Date', ...rows].join('\n');
    await run('staff', a.admin.headers, csv, 'preview');
    const db = t.app.database.db;
    const [file] = await db
      .select()
      .from(importFiles)
      .where(eq(importFiles.instituteId, a.institute.id))
      .orderBy(desc(importFiles.createdAt))
      .limit(1);
    if (!file) throw new Error('no file');
    const actor = await actorForJob(db, a.institute.id, { userId: a.admin.id, role: 'admin', jobSets: [] });
    const job = { fileId: file.id, kind: 'staff' as const, mode: 'import' as const };
    // The first attempt dies after its first batch of 500 is written.
    await expect(
      runImport(db, actor, job, {
        progress: (done, total) => {
          if (total > 0 && done > 0) throw new Error('worker killed');
        },
        errors: () => {},
      }),
    ).rejects.toThrow('worker killed');
    const tested = () =>
      db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.instituteId, a.institute.id), eq(staff.lastName, 'Test')));
    expect(await tested()).toHaveLength(500);
    const again = await runImport(db, actor, job, { progress: () => {}, errors: () => {} });
    expect(again).toEqual({ mode: 'import', rows: 620, valid: 620, invalid: 0, imported: 620 });
    expect(await tested()).toHaveLength(620);
    const audited = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.instituteId, a.institute.id), eq(auditLog.action, 'import')));
    expect(audited).toHaveLength(620);
  });

  it('offers a template naming the columns it reads', async () => {
    const a = await makeSchool(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/imports/staff/template?format=csv',
      headers: a.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const header = res.body.replace(/^\uFEFF/, '').trim();
    expect(header.startsWith('Employee Code,First Name,Last Name,Kind,Gender,')).toBe(true);
    expect(header).not.toContain('Status');
  });
});

const GUARDIAN_HEADER = 'Name,Phone,Email,Occupation,Annual Income,Admission No,Relation,Authorised Pickup';

describe('importing guardians', () => {
  it('ties guardians to the students named, one record per mobile number, and reports bad rows', async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const csv = [
      GUARDIAN_HEADER,
      // A new father of two siblings.
      'Vikram Shaikh,98230 55555,vikram@example.com,Engineer,"6,00,000",2026/002; 2026/003,Father,yes',
      // The mother already on record (by phone): tied to one more child, not added again.
      'Sunita Deshpande,9822012345,,,,2026/003,Mother,no',
      // The same new number again: the same person, already tied to 2026/002.
      'Vikram S.,9823055555,,,,2026/002,father,',
      'Nobody,9823066666,,,,2026/999,Uncle,maybe',
      'No Phone,,,,,2026/001,Cousin,',
      'Lone Relation,9823077777,,,,,mother,',
    ].join('\n');
    const before = (await list('guardians?limit=1', a.admin.headers)).pagination.total;

    const preview = await run('guardians', a.admin.headers, csv, 'preview');
    expect(preview.result).toEqual({ mode: 'preview', rows: 6, valid: 3, invalid: 3, imported: 0 });
    expect(preview.errors).toEqual([
      { line: 5, field: 'admission_no', message: 'No student with admission number 2026/999' },
      { line: 5, field: 'authorised_pickup', message: 'Please answer yes or no' },
      { line: 6, field: 'phone', message: 'A guardian needs a mobile number' },
      { line: 6, field: 'relation', message: 'Please choose the relation' },
      {
        line: 7,
        field: 'admission_no',
        message: 'A relation needs the admission number of the student',
      },
    ]);
    expect((await list('guardians?limit=1', a.admin.headers)).pagination.total).toBe(before);

    const imported = await run('guardians', a.admin.headers, csv);
    expect(imported.result).toMatchObject({ valid: 3, imported: 3 });
    // One new guardian: Vikram (Sunita was on record, his second row is him again).
    expect((await list('guardians?limit=1', a.admin.headers)).pagination.total).toBe(before + 1);
    const [vikram] = (await list('guardians?search=9823055555', a.admin.headers)).items;
    expect(vikram).toMatchObject({
      name: 'Vikram Shaikh',
      email: 'vikram@example.com',
      annual_income: 60000000,
    });
    expect(
      vikram.children.map((c: { admission_no: string; relation: string; authorised_pickup: boolean }) => [
        c.admission_no,
        c.relation,
        c.authorised_pickup,
      ]),
    ).toEqual([
      ['2026/002', 'father', true],
      ['2026/003', 'father', true],
    ]);
    const sunita = await list(`guardians/${a.guardian.id}`, a.admin.headers);
    expect(sunita.children.map((c: { admission_no: string; authorised_pickup: boolean }) => c)).toMatchObject(
      [
        { admission_no: '2026/001', relation: 'mother' },
        { admission_no: '2026/003', relation: 'mother', authorised_pickup: false },
      ],
    );
    // Siblings who share a guardian are one family.
    expect(sunita.family_id).not.toBeNull();
    const history = await list(`guardians/${vikram.id}/history`, a.admin.headers);
    expect(history.items.map((h: { action: string }) => h.action)).toEqual(['import']);

    // Importing the same file again adds nobody and no tie.
    const again = await run('guardians', a.admin.headers, csv);
    expect(again.result).toMatchObject({ imported: 3 });
    expect((await list('guardians?limit=1', a.admin.headers)).pagination.total).toBe(before + 1);
    expect((await list(`guardians/${vikram.id}`, a.admin.headers)).children).toHaveLength(2);

    // Institute B: its own Sunita (same number) and pupils untouched.
    const other = await list(`guardians/${b.guardian.id}`, b.admin.headers);
    expect(other.children.map((c: { admission_no: string }) => c.admission_no)).toEqual(['2026/001']);
    expect((await list('guardians?search=9823055555', b.admin.headers)).items).toEqual([]);
  });

  it('needs guardians:write: a teacher and a parent get 403', async () => {
    const a = await makeSchool(t.app);
    for (const headers of [a.teacher.headers, a.parent.headers])
      expect((await upload('guardians', headers, GUARDIAN_HEADER)).statusCode).toBe(403);
  });
});

describe('parents in a students file', () => {
  it('makes one guardian of a number named twice or on record, and groups the siblings', async () => {
    const a = await makeSchool(t.app);
    const csv = [
      'Admission No,First Name,Last Name,Date of Birth,Gender,Father Name,Father Phone,Mother Name,Mother Phone',
      '2026/201,Aarav,Joshi,2016-01-01,M,Nitin Joshi,98230 12121,,',
      '2026/202,Ira,Joshi,2018-01-01,F,Nitin Joshi,9823012121,Sunita Deshpande,9822012345',
    ].join('\n');
    const before = (await list('guardians?limit=1', a.admin.headers)).pagination.total;
    expect((await run('students', a.admin.headers, csv)).result).toMatchObject({ imported: 2 });
    expect((await list('guardians?limit=1', a.admin.headers)).pagination.total).toBe(before + 1);
    const [nitin] = (await list('guardians?search=9823012121', a.admin.headers)).items;
    expect(nitin.children.map((c: { admission_no: string }) => c.admission_no)).toEqual([
      '2026/201',
      '2026/202',
    ]);
    expect(nitin.family_id).not.toBeNull();
    const sunita = await list(`guardians/${a.guardian.id}`, a.admin.headers);
    expect(sunita.children.map((c: { admission_no: string }) => c.admission_no)).toEqual([
      '2026/001',
      '2026/202',
    ]);
  });
});
