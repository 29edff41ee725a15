import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes/institutes.table';
import { as } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { GROUP_CODE_PATTERN } from './groups.code';
import { groups } from './groups.table';
import { createGroupAs, groupPayload, person } from './groups.testing';

const t = useTestApp();

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
    const [key] = Object.entries(GROUP_MESSAGES).find(([, text]) => String(text) === message) ?? [];
    const code = `groups.${key}`;
    expect(res.json()).toEqual({
      success: false,
      message,
      code,
      errors: { [field]: message },
      codes: { [field]: { code } },
    });
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
      expect(res.json().message).toBe(GROUP_MESSAGES.logoInvalid.text);
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
    expect(res.json()).toEqual({ success: false, message: 'Access forbidden', code: 'auth.forbidden' });
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
