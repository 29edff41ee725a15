import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { SEARCH_CAP } from './students.read';
import { students } from './students.table';

const t = useTestApp();

async function get(headers: Record<string, string>, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('a search that matches more than SEARCH_CAP pupils (issue 33)', () => {
  it('reads the first page in the list order and counts only up to the cap; a filter that narrows it counts exactly', async () => {
    // Statistics taken while the table held another school's pupils only (as after a bulk import
    // into a new institute, before autovacuum comes): the planner believes this school has none.
    await makeSchool(t.app, 'Other');
    await t.app.database.db.execute(sql`analyze students`);
    const s = await makeSchool(t.app);
    const school = (await get(s.admin.headers, '/api/students?limit=1')).body.data.pagination.total;
    // SEARCH_CAP + 10 Kulkarnis (names in a known order), five of them left the school; and a Patil.
    const many = SEARCH_CAP + 10;
    const rows = Array.from({ length: many }, (_, n) => ({
      instituteId: s.institute.id,
      admissionNo: `K/${String(n).padStart(5, '0')}`,
      firstName: `Pupil${String(many - n).padStart(5, '0')}`,
      lastName: 'Kulkarni',
      dateOfBirth: '2014-05-20',
      gender: 'male' as const,
      sectionId: s.sections.eightA.id,
      status: n < 5 ? ('left' as const) : ('enrolled' as const),
    }));
    await t.app.database.db.insert(students).values([
      ...rows,
      {
        instituteId: s.institute.id,
        admissionNo: 'P/1',
        firstName: 'Aarav',
        lastName: 'Patil',
        dateOfBirth: '2014-05-20',
        gender: 'male' as const,
        sectionId: s.sections.eightA.id,
      },
    ]);

    const broad = await get(s.admin.headers, '/api/students?search=kulk&limit=25');
    expect(broad.status).toBe(200);
    expect(broad.body.data.pagination).toEqual({
      page: 1,
      limit: 25,
      total: SEARCH_CAP,
      hasMore: true,
      capped: true,
    });
    // The first 25 by name: Pupil00001 … Pupil00025.
    expect(broad.body.data.items.map((i: { first_name: string }) => i.first_name)).toEqual(
      Array.from({ length: 25 }, (_, n) => `Pupil${String(n + 1).padStart(5, '0')}`),
    );
    // The last page past the cap still comes, while it is full.
    const beyond = await get(
      s.admin.headers,
      `/api/students?search=kulk&limit=25&page=${SEARCH_CAP / 25 + 1}`,
    );
    expect(beyond.body.data.items).toHaveLength(10);
    expect(beyond.body.data.pagination.hasMore).toBe(false);

    // Filtered below the cap: an exact count, not capped.
    const left = await get(s.admin.headers, '/api/students?search=kulk&status=left&limit=25');
    expect(left.body.data.pagination).toEqual({ page: 1, limit: 25, total: 5, hasMore: false });
    // No search: the whole count, exactly.
    const all = await get(s.admin.headers, '/api/students?limit=25');
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 25, total: school + many + 1, hasMore: true });
    // A narrow search as before.
    const patil = await get(s.admin.headers, '/api/students?search=patil');
    expect(patil.body.data.pagination.total).toBe(1);
    expect(patil.body.data.items[0].first_name).toBe('Aarav');
  });
});
