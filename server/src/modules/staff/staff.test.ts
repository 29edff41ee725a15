import type { Role } from '@schooliko/common/auth';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { memberships } from '../../platform/auth/auth.table';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { students } from '../students/students.table';
import { staff } from './staff.table';

const t = useTestApp();

type School = Awaited<ReturnType<typeof makeInstitute>>;

async function member(school: School, role: Role, firstName = 'Test') {
  const user = await makeUser(t.database.db, { institute: school, roles: [role], firstName });
  const headers = as(school, await tokenFor(t.app, user, school, role));
  return { user, headers };
}

async function school() {
  const s = await makeInstitute(t.database.db);
  return { school: s, admin: await member(s, 'admin') };
}

const body = (fields: Record<string, unknown> = {}) => ({
  employee_code: 'T-001',
  kind: 'teaching',
  first_name: 'Sunita',
  last_name: 'Deshpande',
  gender: 'female',
  phone: '+91 98220 12345',
  email: 'sunita@example.com',
  designation: 'PGT Mathematics',
  department: 'Science',
  joining_date: '2019-06-15',
  qualification: 'M.Sc., B.Ed.',
  experience_years: 12,
  subjects: 'Mathematics',
  ...fields,
});

const post = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/staff', headers, payload });
const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
const patch = (headers: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/staff/${id}`, headers, payload });

describe('staff records', () => {
  it('adds a staff member and reads it back', async () => {
    const { admin } = await school();
    const res = await post(admin.headers, body());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Staff member added');
    const created = res.json().data;
    expect(created).toMatchObject({
      employee_code: 'T-001',
      full_name: 'Sunita Deshpande',
      phone: '9822012345',
      status: 'active',
      relieved_on: null,
      job_sets: [],
      has_account: false,
    });
    const one = await get(admin.headers, `/api/staff/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(created);
  });

  it('refuses a duplicate employee code, whatever its case, with the field error', async () => {
    const { admin } = await school();
    expect((await post(admin.headers, body({ employee_code: 'T-001' }))).statusCode).toBe(201);
    const dup = await post(admin.headers, body({ employee_code: 't-001', first_name: 'Other' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      success: false,
      message: 'This employee code is already used by another staff member',
      code: 'staff.employeeCodeTaken',
      errors: { employee_code: 'This employee code is already used by another staff member' },
      codes: { employee_code: { code: 'staff.employeeCodeTaken' } },
    });
    const other = (await post(admin.headers, body({ employee_code: 'T-002' }))).json().data;
    const renamed = await patch(admin.headers, other.id, { employee_code: 'T-001' });
    expect(renamed.statusCode).toBe(409);
  });

  it('lists with search, filters, sorting and pages', async () => {
    const { admin } = await school();
    const people = [
      { employee_code: 'T-001', first_name: 'Sunita', designation: 'PGT', department: 'Science' },
      { employee_code: 'T-002', first_name: 'Anil', designation: 'TGT', department: 'Languages' },
      {
        employee_code: 'N-001',
        first_name: 'Ramesh',
        kind: 'non_teaching',
        designation: 'Clerk',
        department: 'Office',
      },
      { employee_code: 'T-003', first_name: 'Meera', designation: 'PRT', department: 'science' },
    ];
    for (const p of people)
      expect((await post(admin.headers, body({ ...p, last_name: 'K' }))).statusCode).toBe(201);

    const names = async (query: string) => {
      const res = await get(admin.headers, `/api/staff?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().data.items.map((s: { first_name: string }) => s.first_name);
    };
    expect(await names('')).toEqual(['Anil', 'Meera', 'Ramesh', 'Sunita']);
    expect(await names('kind=teaching')).toEqual(['Anil', 'Meera', 'Sunita']);
    expect(await names('kind=non_teaching')).toEqual(['Ramesh']);
    expect(await names('department=Science')).toEqual(['Meera', 'Sunita']);
    expect(await names('search=t-00')).toEqual(['Anil', 'Meera', 'Sunita']);
    expect(await names('search=clerk')).toEqual(['Ramesh']);
    expect(await names('sort=employee_code&order=desc')).toEqual(['Meera', 'Anil', 'Sunita', 'Ramesh']);

    const page2 = await get(admin.headers, '/api/staff?sort=employee_code&page=2&limit=3');
    expect(page2.json().data).toMatchObject({
      items: [{ employee_code: 'T-003' }],
      pagination: { page: 2, limit: 3, total: 4, hasMore: false },
    });
    const page1 = await get(admin.headers, '/api/staff?sort=employee_code&page=1&limit=3');
    expect(page1.json().data.pagination).toEqual({ page: 1, limit: 3, total: 4, hasMore: true });
    const past = await get(admin.headers, '/api/staff?page=5&limit=3');
    expect(past.json().data).toEqual({
      items: [],
      pagination: { page: 5, limit: 3, total: 4, hasMore: false },
    });
  });

  it("answers 404 for another institute's staff member, and lists only its own", async () => {
    const a = await school();
    const b = await school();
    const theirs = (await post(b.admin.headers, body({ first_name: 'Secret' }))).json().data;
    expect((await get(a.admin.headers, `/api/staff/${theirs.id}`)).statusCode).toBe(404);
    expect((await patch(a.admin.headers, theirs.id, { designation: 'X' })).statusCode).toBe(404);
    expect((await get(a.admin.headers, `/api/staff/${theirs.id}/history`)).statusCode).toBe(404);
    const list = await get(a.admin.headers, '/api/staff');
    expect(list.json().data.items).toEqual([]);
    // The same code is free at another institute.
    expect((await post(a.admin.headers, body())).statusCode).toBe(201);
  });

  it('changes only the fields sent', async () => {
    const { admin } = await school();
    const created = (await post(admin.headers, body())).json().data;
    const res = await patch(admin.headers, created.id, { designation: 'Vice Principal' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      designation: 'Vice Principal',
      kind: 'teaching',
      email: 'sunita@example.com',
      experience_years: 12,
      qualification: 'M.Sc., B.Ed.',
    });
  });

  it('relieves (today by default) and rejoins, each in the audit trail', async () => {
    const { admin } = await school();
    const created = (await post(admin.headers, body())).json().data;
    const today = new Date().toISOString().slice(0, 10);

    const relieved = await patch(admin.headers, created.id, { status: 'relieved' });
    expect(relieved.statusCode).toBe(200);
    expect(relieved.json().data).toMatchObject({ status: 'relieved', relieved_on: today });

    const dated = await patch(admin.headers, created.id, { relieved_on: '2026-03-31' });
    expect(dated.json().data).toMatchObject({ status: 'relieved', relieved_on: '2026-03-31' });
    const undated = await patch(admin.headers, created.id, { relieved_on: '' });
    expect(undated.statusCode).toBe(400);
    expect(undated.json().errors).toEqual({ relieved_on: 'Please enter the relieving date' });

    const back = await patch(admin.headers, created.id, { status: 'active' });
    expect(back.json().data).toMatchObject({ status: 'active', relieved_on: null });

    const history = await get(admin.headers, `/api/staff/${created.id}/history`);
    expect(history.statusCode).toBe(200);
    const items = history.json().data.items;
    expect(items.map((i: { action: string }) => i.action)).toEqual([
      'status:active',
      'update',
      'status:relieved',
      'create',
    ]);
    expect(items[2]).toMatchObject({
      before: { status: 'active', relievedOn: null },
      after: { status: 'relieved', relievedOn: today },
    });
    expect(items[2].actor_name).toMatch(/^Test User/);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(rows.every((r) => r.entity === 'staff')).toBe(true);
  });

  it('the history needs people:audit; a teacher may read the list but not write', async () => {
    const { school: s, admin } = await school();
    const created = (await post(admin.headers, body())).json().data;
    const teacher = await member(s, 'teacher');
    expect((await get(teacher.headers, '/api/staff')).statusCode).toBe(200);
    expect((await get(teacher.headers, `/api/staff/${created.id}/history`)).statusCode).toBe(403);
    expect((await post(teacher.headers, body({ employee_code: 'T-9' }))).statusCode).toBe(403);
    expect((await patch(teacher.headers, created.id, { designation: 'X' })).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV', async () => {
    const { admin } = await school();
    await post(admin.headers, body({ designation: '=HYPERLINK("x")' }));
    await post(admin.headers, body({ employee_code: 'N-1', first_name: 'Ramesh', kind: 'non_teaching' }));
    const res = await get(admin.headers, '/api/staff/export?format=csv&kind=teaching');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="staff.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.startsWith('Employee Code,First Name,Last Name,Kind')).toBe(true);
    expect(lines[1]).toContain('T-001,Sunita,Deshpande,teaching');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const xlsx = await get(admin.headers, '/api/staff/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('job sets', () => {
  it("are written on the member's account and apply at once", async () => {
    const { school: s, admin } = await school();
    const teacher = await member(s, 'teacher', 'Kavita');
    const [record] = await t.database.db
      .insert(staff)
      .values({
        instituteId: s.id,
        employeeCode: 'T-7',
        firstName: 'Kavita',
        joiningDate: '2020-06-01',
        userId: teacher.user.id,
      })
      .returning();
    if (!record) throw new Error('no staff');
    await t.database.db.insert(students).values(
      ['A-1', 'A-2'].map((admissionNo) => ({
        instituteId: s.id,
        admissionNo,
        firstName: 'Pupil',
        dateOfBirth: '2015-01-01',
        gender: 'male' as const,
      })),
    );

    // Before: a teacher sees only the students of their own sections (none).
    const before = await get(teacher.headers, '/api/students');
    expect(before.json().data.pagination.total).toBe(0);
    expect((await get(teacher.headers, '/api/auth/me')).json().data.permissions).not.toContain(
      'students:read',
    );

    const res = await patch(admin.headers, record.id, { job_sets: ['receptionist', 'receptionist'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ job_sets: ['receptionist'], has_account: true });
    const [m] = await t.database.db
      .select({ jobSets: memberships.jobSets })
      .from(memberships)
      .where(and(eq(memberships.instituteId, s.id), eq(memberships.userId, teacher.user.id)));
    expect(m?.jobSets).toEqual(['receptionist']);

    const me = (await get(teacher.headers, '/api/auth/me')).json().data;
    expect(me.permissions).toContain('students:read');
    expect(me.permissions).toContain('students:write');
    const after = await get(teacher.headers, '/api/students');
    expect(after.json().data.pagination.total).toBe(2);

    const history = (await get(admin.headers, `/api/staff/${record.id}/history`)).json().data.items;
    expect(history[0]).toMatchObject({
      action: 'update',
      before: { jobSets: [] },
      after: { jobSets: ['receptionist'] },
    });

    // Taken away: at once too.
    await patch(admin.headers, record.id, { job_sets: [] });
    expect((await get(teacher.headers, '/api/students')).json().data.pagination.total).toBe(0);
  });

  it('need an account, and staff-jobs:assign', async () => {
    const { school: s, admin } = await school();
    const created = (await post(admin.headers, body())).json().data;
    const res = await patch(admin.headers, created.id, { job_sets: ['accountant'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({
      job_sets: 'Job sets need a staff member who has an account. Invite them first.',
    });
    // A teacher made receptionist still may not hand out job sets (nor edit staff).
    const teacher = await member(s, 'teacher');
    await t.database.db
      .update(memberships)
      .set({ jobSets: ['receptionist'] })
      .where(eq(memberships.userId, teacher.user.id));
    t.app.invalidation.clearAll();
    expect((await patch(teacher.headers, created.id, { job_sets: ['accountant'] })).statusCode).toBe(403);
  });
});
