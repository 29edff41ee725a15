import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeInstitute } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { groups } from './groups.table';
import { createGroupAs, person } from './groups.testing';

const t = useTestApp();

const db = () => t.database.db;

describe('reading groups', () => {
  it('lets admins of institutes in the group read it, and nobody else', async () => {
    const director = await person(t.app, db());
    const id = await createGroupAs(t.app, director);
    const admin = await person(t.app, db(), 'admin', director.institute);
    const ok = await t.app.inject({ method: 'GET', url: `/api/groups/${id}`, headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.my_role).toBeNull();

    const teacher = await person(t.app, db(), 'teacher', director.institute);
    const outsider = await person(t.app, db(), 'admin');
    const otherDirector = await person(t.app, db());
    for (const who of [teacher, outsider, otherDirector]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/groups/${id}`, headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: GROUP_MESSAGES.notAMember.text,
        code: 'groups.notAMember',
      });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const director = await person(t.app, db());
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/groups/00000000-0000-4000-8000-000000000000',
      headers: director.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/groups/not-an-id',
      headers: director.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists picker entries only, paginated and filtered by type', async () => {
    const a = await person(t.app, db());
    await createGroupAs(t.app, a, { group_name: 'Alpha Schools' });
    await createGroupAs(t.app, a, { group_name: 'Beta Colleges', group_type: 'college_chain' });
    await createGroupAs(t.app, a, { group_name: 'Gamma Schools' });
    const outsider = await person(t.app, db(), 'admin');

    const page = await t.app.inject({ method: 'GET', url: '/api/groups?limit=2', headers: outsider.headers });
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(data.items.map((g: { group_name: string }) => g.group_name)).toEqual([
      'Alpha Schools',
      'Beta Colleges',
    ]);
    expect(data.groups).toEqual(data.items);
    expect(data.items.map((g: { total_institutes: number }) => g.total_institutes)).toEqual([1, 0]);
    expect(Object.keys(data.items[0]).sort()).toEqual([
      'group_code',
      'group_description',
      'group_id',
      'group_logo',
      'group_name',
      'group_type',
      'total_institutes',
    ]);

    const colleges = await t.app.inject({
      method: 'GET',
      url: '/api/groups?type=college_chain',
      headers: outsider.headers,
    });
    expect(colleges.json().data.items.map((g: { group_name: string }) => g.group_name)).toEqual([
      'Beta Colleges',
    ]);

    const teacher = await person(t.app, db(), 'teacher');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/groups', headers: teacher.headers })).statusCode,
    ).toBe(403);
  });

  it('searches name, code and type, case-insensitively, with LIKE wildcards taken literally', async () => {
    const a = await person(t.app, db());
    const alpha = await createGroupAs(t.app, a, { group_name: 'Alpha Schools' });
    await createGroupAs(t.app, a, { group_name: 'Beta 100% Club', group_type: 'sports_club' });
    const [row] = await db().select().from(groups).where(eq(groups.id, alpha));
    const search = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/groups/search?${query}`,
        headers: a.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.groups.map((g: { group_name: string }) => g.group_name);
    };
    expect(await search('q=alpha')).toEqual(['Alpha Schools']);
    expect(await search(`q=${row?.code.toLowerCase()}`)).toEqual(['Alpha Schools']);
    expect(await search('q=sports')).toEqual(['Beta 100% Club']);
    expect(await search('q=school%20chain')).toEqual(['Alpha Schools']);
    expect(await search('q=0%25')).toEqual(['Beta 100% Club']);
    expect(await search('q=%25')).toEqual(['Beta 100% Club']);
    expect(await search('q=a&type=school_chain')).toEqual(['Alpha Schools']);
    expect(await search('q=')).toEqual(['Alpha Schools', 'Beta 100% Club']);
    const res = await t.app.inject({ method: 'GET', url: '/api/groups/search?q=x', headers: a.headers });
    expect(Object.keys(res.json().data)).toEqual(['groups']);
  });

  it('caps search at 20 entries', async () => {
    const a = await person(t.app, db());
    for (let i = 0; i < 22; i++)
      await createGroupAs(t.app, a, { group_name: `Chain ${String(i).padStart(2, '0')}` });
    const res = await t.app.inject({ method: 'GET', url: '/api/groups/search?q=chain', headers: a.headers });
    expect(res.json().data.groups).toHaveLength(20);
  });
});

describe('GET /api/groups/director/my-groups', () => {
  it("answers the director's groups and totals (spec 2.12)", async () => {
    const director = await person(t.app, db());
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/groups/director/my-groups',
      headers: director.headers,
    });
    expect(empty.json().data).toEqual({ groups: [], stats: { total_groups: 0, total_institutes: 0 } });

    const id = await createGroupAs(t.app, director);
    await createGroupAs(t.app, director, { group_name: 'Second' });
    const second = await makeInstitute(db(), { groupId: id });
    expect(second.groupId).toBe(id);
    const other = await person(t.app, db());
    await createGroupAs(t.app, other, { group_name: 'Not mine' });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/groups/director/my-groups',
      headers: director.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.stats).toEqual({ total_groups: 2, total_institutes: 2 });
    expect(data.groups.map((g: { group_name: string }) => g.group_name).sort()).toEqual([
      'Second',
      'Sunrise Schools',
    ]);

    const admin = await person(t.app, db(), 'admin', director.institute);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/groups/director/my-groups',
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
