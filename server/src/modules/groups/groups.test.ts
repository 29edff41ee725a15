import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, makeInstitute } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { institutes } from '../institutes/institutes.table';
import { GROUP_CODE_PATTERN } from './groups.code';
import { groups } from './groups.table';
import { createGroupAs, groupPayload, person } from './groups.testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const db = () => t.database.db;

describe('POST /api/groups (spec 3.5, 5.7)', () => {
  it('creates the group, makes the creator its primary director and puts their institute in it', async () => {
    const director = await person(t.app, db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: director.headers,
      payload: groupPayload(),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Group created successfully!');
    expect(Object.keys(body.data).sort()).toEqual([
      '_id',
      'group_code',
      'group_logo',
      'group_name',
      'group_type',
    ]);
    expect(body.data).toMatchObject({
      group_name: 'Sunrise Schools',
      group_type: 'school_chain',
      group_logo: null,
    });
    expect(body.data.group_code).toMatch(GROUP_CODE_PATTERN);

    const [inst] = await db().select().from(institutes).where(eq(institutes.id, director.institute.id));
    expect(inst?.groupId).toBe(body.data._id);

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/groups/${body.data._id}`,
      headers: director.headers,
    });
    expect(read.statusCode).toBe(200);
    const group = read.json().data;
    expect(group).toMatchObject({
      group_name: 'Sunrise Schools',
      group_description: 'Three schools across Pune',
      group_website: 'https://sunrise.example.in',
      group_email: 'office@sunrise.example.in',
      main_office_address: {
        street: '1 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        country: 'India',
      },
      establishment_year: 1998,
      group_tags: ['CBSE', 'Day School'],
      status: 'active',
      total_institutes: 1,
      my_role: { isPrimaryDirector: true, isPrincipal: false },
    });
    expect(group.group_institutes).toEqual([
      expect.objectContaining({ institute_id: director.institute.id, institute_name: expect.any(String) }),
    ]);
    expect(group.directors).toEqual([
      expect.objectContaining({ director_id: director.user.id, isPrimaryDirector: true, isPrincipal: false }),
    ]);
  });

  it('keeps the flags as given and leaves an institute already in a group where it is', async () => {
    const director = await person(t.app, db());
    const first = await createGroupAs(t.app, director);
    const second = await createGroupAs(t.app, director, {
      group_name: 'Second',
      isPrimaryDirector: false,
      isPrincipal: true,
    });
    const [inst] = await db().select().from(institutes).where(eq(institutes.id, director.institute.id));
    expect(inst?.groupId).toBe(first);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/groups/${second}`,
      headers: director.headers,
    });
    expect(read.json().data.my_role).toEqual({ isPrimaryDirector: false, isPrincipal: true });
    expect(read.json().data.total_institutes).toBe(0);
  });

  it('gives every group its own server-made code', async () => {
    const director = await person(t.app, db());
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createGroupAs(t.app, director, { group_name: `G${i}` }));
    const rows = await db().select({ code: groups.code }).from(groups);
    expect(new Set(rows.map((r) => r.code)).size).toBe(5);
    for (const r of rows) expect(r.code).toMatch(GROUP_CODE_PATTERN);
  });

  it('ignores a code sent by the client', async () => {
    const director = await person(t.app, db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: director.headers,
      payload: { ...groupPayload(), group_code: 'GRP-AAAAAA' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.group_code).not.toBe('GRP-AAAAAA');
  });

  it.each([
    ['group_name', { group_name: '  ' }, 'Group name is required'],
    ['group_type', { group_type: '' as never }, 'Group type is required'],
    [
      'group_address.street',
      { group_address: { street: '', city: 'Pune', state: 'MH', pincode: '411001' } },
      'Street address is required',
    ],
    [
      'group_address.city',
      { group_address: { street: 'x', city: '', state: 'MH', pincode: '411001' } },
      'City is required',
    ],
    [
      'group_address.state',
      { group_address: { street: 'x', city: 'Pune', state: '', pincode: '411001' } },
      'State is required',
    ],
    [
      'group_address.pincode',
      { group_address: { street: 'x', city: 'Pune', state: 'MH', pincode: '' } },
      'Pincode is required',
    ],
    [
      'group_address.pincode',
      { group_address: { street: 'x', city: 'Pune', state: 'MH', pincode: '41100a' } },
      'Pincode must be 6 digits',
    ],
    ['group_email', { group_email: 'office@' }, 'Please enter a valid email address'],
    [
      'group_website',
      { group_website: 'sunrise.example.in' },
      'Website URL should start with http:// or https://',
    ],
    ['group_establishment_year', { group_establishment_year: 1799 }, 'Please enter a valid year'],
    [
      'group_establishment_year',
      { group_establishment_year: new Date().getFullYear() + 1 },
      'Please enter a valid year',
    ],
    ['group_establishment_year', { group_establishment_year: 'abc' }, 'Please enter a valid year'],
  ])('refuses a bad %s with "%s"', async (field, fields, message) => {
    const director = await person(t.app, db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: director.headers,
      payload: groupPayload(fields),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, errors: { [field]: message } });
    expect(await db().select().from(groups)).toHaveLength(0);
  });

  it('reports every missing field of an empty form', async () => {
    const director = await person(t.app, db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: director.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      group_name: 'Group name is required',
      group_type: 'Group type is required',
      'group_address.street': 'Street address is required',
      'group_address.city': 'City is required',
      'group_address.state': 'State is required',
      'group_address.pincode': 'Pincode is required',
    });
  });

  it('refuses a logo that was not uploaded here', async () => {
    const director = await person(t.app, db());
    for (const logo of ['/uploads/groups/temp/0123456789abcdef0123456789abcdef.png', 'javascript:alert(1)']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: director.headers,
        payload: groupPayload({ group_logo: logo }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(GROUP_MESSAGES.logoInvalid);
    }
  });

  it('is for directors only (403 for an admin, 401 without a session)', async () => {
    const admin = await person(t.app, db(), 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: admin.headers,
      payload: groupPayload(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Access forbidden' });
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: as(admin.institute),
      payload: groupPayload(),
    });
    expect(anon.statusCode).toBe(401);
    expect(await db().select().from(groups)).toHaveLength(0);
  });
});

describe('PUT /api/groups/:id', () => {
  it('changes the group for one of its directors', async () => {
    const director = await person(t.app, db());
    const id = await createGroupAs(t.app, director);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${id}`,
      headers: director.headers,
      payload: groupPayload({
        group_name: 'Sunrise Group',
        group_type: 'group_of_institutes',
        group_tags: [],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Group updated successfully!');
    expect(res.json().data).toMatchObject({
      group_name: 'Sunrise Group',
      group_type: 'group_of_institutes',
      group_tags: [],
    });
  });

  it('refuses a director of another group and an admin of the same institute (403)', async () => {
    const director = await person(t.app, db());
    const id = await createGroupAs(t.app, director);
    const stranger = await person(t.app, db());
    await createGroupAs(t.app, stranger, { group_name: 'Other' });
    const colleague = await person(t.app, db(), 'admin', director.institute);
    for (const who of [stranger, colleague]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/groups/${id}`,
        headers: who.headers,
        payload: groupPayload({ group_name: 'Taken over' }),
      });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await db().select().from(groups).where(eq(groups.id, id));
    expect(row?.name).toBe('Sunrise Schools');
  });

  it('answers 404 for a group that does not exist and validates like create', async () => {
    const director = await person(t.app, db());
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/groups/00000000-0000-4000-8000-000000000000',
      headers: director.headers,
      payload: groupPayload(),
    });
    expect(missing.statusCode).toBe(404);
    const id = await createGroupAs(t.app, director);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${id}`,
      headers: director.headers,
      payload: groupPayload({ group_name: '' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Group name is required');
  });
});

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
      expect(res.json()).toEqual({ success: false, message: GROUP_MESSAGES.notAMember });
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
