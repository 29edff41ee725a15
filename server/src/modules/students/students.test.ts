import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { auditLog } from '../../platform/audit/audit.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

const newPupil = (fields: Record<string, unknown> = {}) => ({
  admission_no: '2026/050',
  first_name: 'Vihaan',
  last_name: 'Patil',
  date_of_birth: '2015-02-11',
  gender: 'male',
  ...fields,
});

async function get(headers: Record<string, string>, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('students', () => {
  it('adds a student, finds them by name and admission number, and keeps the number unique', async () => {
    const s = await makeSchool(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: s.admin.headers,
      payload: newPupil({ section_id: s.sections.eightA.id, apaar_id: '1234 5678 9012' }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      first_guardian: null,
      full_name: 'Vihaan Patil',
      section_name: 'VIII-A',
      apaar_id: '123456789012',
      status: 'enrolled',
      pen: '',
      aadhaar_last4: '',
    });
    // No guardian named, none tied (as before the form asked for one).
    const tied = await get(s.admin.headers, `/api/guardians?student_id=${created.id}`);
    expect(tied.body.data.pagination.total).toBe(0);

    const byName = await get(s.admin.headers, '/api/students?search=vihaan%20pat');
    expect(byName.body.data.items.map((x: { id: string }) => x.id)).toEqual([created.id]);
    const byNumber = await get(s.admin.headers, '/api/students?search=2026%2F05');
    expect(byNumber.body.data.pagination.total).toBe(1);

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: s.admin.headers,
      payload: newPupil({ admission_no: '2026/050', first_name: 'Other' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({
      admission_no: 'This admission number is already used by another student',
    });
  });

  it('suggests the next admission number of the series the latest admission used (issue 32)', async () => {
    const s = await makeSchool(t.app);
    const next = async () =>
      (await get(s.admin.headers, '/api/students/next-admission-no')).body.data.admission_no;
    const add = (admission_no: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/students',
        headers: s.admin.headers,
        payload: newPupil({ admission_no }),
      });
    // The school's pupils were seeded straight into the table: no admission recorded yet.
    expect(await next()).toBeNull();
    expect((await add('2026/050')).statusCode).toBe(201);
    expect(await next()).toBe('2026/051');
    // Another series in between (a bridge course's): the latest admission's series is suggested,
    // after the highest number in it.
    expect((await add('BR/07')).statusCode).toBe(201);
    expect(await next()).toBe('BR/08');
    expect((await add('2026/099')).statusCode).toBe(201);
    expect(await next()).toBe('2026/100');
    // A class teacher adds pupils to their section too; a parent does not.
    expect((await get(s.teacher.headers, '/api/students/next-admission-no')).status).toBe(200);
    expect((await get(s.parent.headers, '/api/students/next-admission-no')).status).toBe(403);
  });

  it('pages, sorts and filters on the server', async () => {
    const s = await makeSchool(t.app);
    const page = await get(s.admin.headers, '/api/students?limit=2&page=2&sort=name&order=asc');
    expect(page.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
    expect(page.body.data.items.map((x: { first_name: string }) => x.first_name)).toEqual(['Riya']);
    const inSection = await get(s.admin.headers, `/api/students?section_id=${s.sections.sevenB.id}`);
    expect(inSection.body.data.items.map((x: { first_name: string }) => x.first_name)).toEqual(['Kabir']);
    const past = await get(s.admin.headers, '/api/students?page=9');
    expect(past.body.data).toEqual({
      items: [],
      pagination: { page: 9, limit: 25, total: 3, hasMore: false },
    });
    // A search for LIKE's own wildcards matches them literally.
    expect((await get(s.admin.headers, '/api/students?search=%25')).body.data.pagination.total).toBe(0);
  });

  it('shows a teacher only their sections, a parent only their child and a student only themself', async () => {
    const s = await makeSchool(t.app);
    const names = async (headers: Record<string, string>) =>
      (await get(headers, '/api/students')).body.data.items.map((x: { first_name: string }) => x.first_name);
    expect(await names(s.admin.headers)).toEqual(['Ananya', 'Kabir', 'Riya']);
    expect(await names(s.teacher.headers)).toEqual(['Ananya']);
    expect(await names(s.parent.headers)).toEqual(['Ananya']);
    expect(await names(s.student.headers)).toEqual(['Ananya']);
    expect((await get(s.parent.headers, `/api/students/${s.students.other.id}`)).status).toBe(404);
    expect((await get(s.parent.headers, `/api/students/${s.students.child.id}`)).body.data.can).toEqual({
      edit: false,
      change_status: false,
      request_change: true,
    });
  });

  it('lets a teacher add a student only to a section they lead', async () => {
    const s = await makeSchool(t.app);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: s.teacher.headers,
      payload: newPupil({ section_id: s.sections.sevenA.id }),
    });
    expect(mine.statusCode).toBe(201);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: s.teacher.headers,
      payload: newPupil({ admission_no: '2026/051', section_id: s.sections.eightA.id }),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can add students only to a section you lead');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${s.students.child.id}`,
      headers: s.teacher.headers,
      payload: { house: 'Raman' },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('refuses a full section', async () => {
    const s = await makeSchool(t.app);
    const add = (no: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/students',
        headers: s.admin.headers,
        payload: newPupil({ admission_no: no, section_id: s.sections.sevenB.id }),
      });
    expect((await add('A1')).statusCode).toBe(201);
    const full = await add('A2');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This section is full');
  });

  it('keeps every change in the history, and leaving is a status, never a deletion', async () => {
    const s = await makeSchool(t.app);
    const id = s.students.other.id;
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/students/${id}`, headers: s.admin.headers, payload });
    expect((await patch({ address: '12 MG Road', pincode: '411001' })).statusCode).toBe(200);
    const left = await patch({ status: 'left', leaving_reason: 'Family moved to Nagpur' });
    expect(left.json().data).toMatchObject({ status: 'left', leaving_reason: 'Family moved to Nagpur' });
    expect(left.json().data.left_on).toBe(new Date().toISOString().slice(0, 10));
    const bad = await patch({ status: 'alumni' });
    expect(bad.statusCode).toBe(409);

    const history = (await get(s.admin.headers, `/api/students/${id}/history`)).body.data.items;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['status:left', 'update']);
    expect(history[1]).toMatchObject({
      before: { address: '', pincode: '' },
      after: { address: '12 MG Road', pincode: '411001' },
    });
    expect(history[1].actor_name).toMatch(/^Test admin User /);
    // Still on the list, filtered by status.
    expect((await get(s.admin.headers, '/api/students?status=left')).body.data.items[0].id).toBe(id);
  });

  it("answers 404 for another institute's student", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    for (const url of [
      `/api/students/${b.students.child.id}`,
      `/api/students/${b.students.child.id}/history`,
    ])
      expect((await get(a.admin.headers, url)).status).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${b.students.child.id}`,
      headers: a.admin.headers,
      payload: { house: 'X' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it("searches through the trigram index (students_matching) without reaching another institute's students", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    // Both schools have a Riya Iyer; each admin finds their own, by any fragment of the name.
    for (const s of [a, b])
      for (const term of ['riya', 'IYER', 'ya iy', '2026/003'])
        expect(
          (
            await get(s.admin.headers, `/api/students?search=${encodeURIComponent(term)}`)
          ).body.data.items.map((x: { id: string }) => x.id),
        ).toEqual([s.students.older.id]);
    // The function itself answers for the transaction's institute only, and for none without one.
    const db = t.app.database.db;
    const matching = async (tx: typeof db) =>
      (
        (await tx.execute(sql`select students_matching('%riya%') as id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows.map((r) => r.id);
    expect(await inInstitute(db, a.institute.id, matching)).toEqual([a.students.older.id]);
    expect(
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'app_user', true)`);
        return matching(tx as unknown as typeof db);
      }),
    ).toEqual([]);
  });

  it('exports the filtered list as CSV with formulas neutralised, and as Excel', async () => {
    const s = await makeSchool(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${s.students.older.id}`,
      headers: s.admin.headers,
      payload: { house: '=HYPERLINK("http://x")' },
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/students/export?format=csv&class_id=${s.classes.eight.id}`,
      headers: s.admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="students.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.startsWith('Admission No,Roll No,First Name')).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/students/export?format=xlsx',
      headers: s.parent.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the first guardian on the admission form (issue 32)', () => {
  const rakesh = { relation: 'father', name: 'Rakesh Patil', phone: '9822055555', email: '' };
  /** Adds a pupil with a first guardian: Rakesh, with the fields given changed. */
  const post = (
    headers: Record<string, string>,
    guardian: Record<string, unknown>,
    fields: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers,
      payload: newPupil({ ...fields, guardian: { ...rakesh, ...guardian } }),
    });
  const guardiansOfPupil = async (headers: Record<string, string>, id: string) =>
    (await get(headers, `/api/guardians?student_id=${id}`)).body.data.items;
  const auditOf = (instituteId: string, entity: string) =>
    t.database.db
      .select({ entityId: auditLog.entityId, action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.instituteId, instituteId), eq(auditLog.entity, entity)));

  it('adds the student and a new guardian tied to them in one step, each audited', async () => {
    const s = await makeSchool(t.app);
    const res = await post(
      s.admin.headers,
      { phone: '+91 98220 55555' },
      { section_id: s.sections.eightA.id },
    );
    expect(res.statusCode).toBe(201);
    const pupil = res.json().data;
    expect(pupil.first_guardian).toEqual({ id: expect.any(String), name: 'Rakesh Patil', existing: false });
    const [guardian, ...more] = await guardiansOfPupil(s.admin.headers, pupil.id);
    expect(more).toEqual([]);
    expect(guardian).toMatchObject({
      id: pupil.first_guardian.id,
      name: 'Rakesh Patil',
      phone: '9822055555',
      email: '',
      // No sign-in account, as for any guardian added: the invitation makes one.
      has_account: false,
      children: [
        {
          student_id: pupil.id,
          full_name: 'Vihaan Patil',
          relation: 'father',
          authorised_pickup: true,
          is_primary: true,
        },
      ],
    });
    expect(await auditOf(s.institute.id, 'student')).toEqual([
      expect.objectContaining({ entityId: pupil.id, action: 'create' }),
    ]);
    expect(await auditOf(s.institute.id, 'guardian')).toEqual([
      expect.objectContaining({ entityId: guardian.id, action: 'create' }),
    ]);
    expect(await auditOf(s.institute.id, 'student_guardian')).toEqual([
      expect.objectContaining({
        action: 'link',
        after: {
          student_id: pupil.id,
          guardian_id: guardian.id,
          relation: 'father',
          authorised_pickup: true,
          is_primary: true,
        },
      }),
    ]);
  });

  it("ties the guardian on record with that mobile (a sibling's parent) instead of adding another", async () => {
    const a = await makeSchool(t.app, 'A');
    // Another institute has a guardian with the same mobile: never theirs.
    const b = await makeSchool(t.app, 'B');
    expect(b.guardian.phone).toBe(a.guardian.phone);
    const res = await post(a.admin.headers, {
      relation: 'mother',
      name: 'Sunita D.',
      phone: '98220 12345',
      email: 'sunita@example.com',
    });
    expect(res.statusCode).toBe(201);
    const pupil = res.json().data;
    // The record's name, as it stands: the form's spelling and email change nothing.
    expect(pupil.first_guardian).toEqual({ id: a.guardian.id, name: 'Sunita Deshpande', existing: true });
    const [guardian] = await guardiansOfPupil(a.admin.headers, pupil.id);
    expect(guardian).toMatchObject({ id: a.guardian.id, name: 'Sunita Deshpande', email: '' });
    expect(guardian.children.map((c: { full_name: string }) => c.full_name)).toEqual([
      'Ananya Deshpande',
      'Vihaan Patil',
    ]);
    expect((await get(a.admin.headers, '/api/guardians?search=9822012345')).body.data.pagination.total).toBe(
      1,
    );
    expect(await auditOf(a.institute.id, 'guardian')).toEqual([]);
    expect(await auditOf(a.institute.id, 'student_guardian')).toEqual([
      expect.objectContaining({
        action: 'link',
        after: expect.objectContaining({ guardian_id: a.guardian.id }),
      }),
    ]);
    // The two children are now one family: siblings.
    const siblings = (await get(a.admin.headers, `/api/students/${pupil.id}/siblings`)).body.data.items;
    expect(siblings.map((x: { id: string }) => x.id)).toEqual([a.students.child.id]);
    // Institute B's guardian has still only their own child.
    const [theirs] = await guardiansOfPupil(b.admin.headers, b.students.child.id);
    expect(theirs.children.map((c: { full_name: string }) => c.full_name)).toEqual(['Ananya Deshpande']);
  });

  it('saves nothing when the guardian part is wrong, and says so at its field', async () => {
    const s = await makeSchool(t.app);
    const badPhone = await post(s.admin.headers, { phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toEqual({
      'guardian.phone': 'Please enter a valid 10-digit mobile number',
    });
    expect(badPhone.json().codes).toEqual({ 'guardian.phone': { code: 'people.phoneInvalid' } });
    const noRelation = await post(s.admin.headers, { relation: undefined });
    expect(noRelation.statusCode).toBe(400);
    expect(noRelation.json().codes).toEqual({ 'guardian.relation': { code: 'guardians.relationRequired' } });
    // A class teacher may add a pupil to their section but not a guardian: the pupil is not saved either.
    const byTeacher = await post(s.teacher.headers, {}, { section_id: s.sections.sevenA.id });
    expect(byTeacher.statusCode).toBe(403);
    expect((await get(s.admin.headers, '/api/students?search=Vihaan')).body.data.pagination.total).toBe(0);
    expect((await get(s.admin.headers, '/api/guardians')).body.data.pagination.total).toBe(1);
    expect(await auditOf(s.institute.id, 'student')).toEqual([]);
  });
});
