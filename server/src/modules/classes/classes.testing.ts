import type { Role } from '@schooliko/common/auth';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { staff } from '../staff/staff.table';
import { academicYears } from './classes.table';

/** The API tests' helpers for years, classes and sections, over the file's test app. */
export function classesKit(app: () => TestApp) {
  type School = Awaited<ReturnType<typeof makeInstitute>>;
  type Headers = Record<string, string>;

  async function member(school: School, role: Role) {
    const user = await makeUser(app().database.db, { institute: school, roles: [role] });
    return { user, headers: as(school, await tokenFor(app().app, user, school, role)) };
  }

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', headers: Headers, url: string, payload?: object) =>
    app().app.inject({ method, url, headers, payload });

  async function addYear(headers: Headers, name: string, fields: object = {}) {
    const start = Number(name.slice(0, 4));
    const res = await send('POST', headers, '/api/academic-years', {
      name,
      starts_on: `${start}-04-01`,
      ends_on: `${start + 1}-03-31`,
      ...fields,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; name: string; is_current: boolean };
  }

  async function addClass(headers: Headers, name: string, sort_order: number) {
    const res = await send('POST', headers, '/api/classes', { name, sort_order });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string };
  }

  async function addStaff(
    school: School,
    firstName: string,
    fields: Partial<typeof staff.$inferInsert> = {},
  ) {
    const [row] = await app()
      .database.db.insert(staff)
      .values({
        instituteId: school.id,
        employeeCode: `E-${firstName}`,
        firstName,
        lastName: 'Joshi',
        joiningDate: '2020-06-01',
        ...fields,
      })
      .returning();
    if (!row) throw new Error('no staff');
    return row;
  }

  async function school() {
    const s = await makeInstitute(app().database.db);
    return { school: s, admin: await member(s, 'admin') };
  }

  const currentNames = async (schoolId: string) =>
    (
      await app()
        .database.db.select({ name: academicYears.name })
        .from(academicYears)
        .where(and(eq(academicYears.instituteId, schoolId), eq(academicYears.isCurrent, true)))
    ).map((r) => r.name);

  return { member, send, addYear, addClass, addStaff, school, currentNames };
}
