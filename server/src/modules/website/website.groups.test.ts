import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { groupJoinRequests } from '../group-requests/group-requests.table';
import { groupDirectors, groups } from '../groups/groups.table';
import { caller, sampleContent, twoInstitutes } from './website.test-helpers';

const t = useTestApp();

const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/website/draft', headers, payload: payload as object });

describe('group choice', () => {
  it('does not let an admin change it', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await put(
      headers,
      sampleContent({ group: { choice: 'create', group_name: 'Sunrise Schools' } }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only directors can join or create a group of institutes. Ask your group director to add this institute.',
    );
  });

  it("creates a director's own group on Create and puts the institute in it", async () => {
    const { a } = await twoInstitutes(t.database.db);
    const director = await caller(t.app, a, 'director');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/publish',
      headers: director.headers,
      payload: sampleContent({ group: { choice: 'create', group_name: 'Sunrise Schools' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Your website is live! Your group "Sunrise Schools" has been created and this institute is part of it.',
    );
    const [row] = await t.database.db.select().from(institutes).where(eq(institutes.id, a.id));
    const [group] = await t.database.db.select().from(groups).where(eq(groups.name, 'Sunrise Schools'));
    expect(group).toMatchObject({
      type: 'school_chain',
      city: 'Pune',
      pincode: '411005',
      createdBy: director.user.id,
    });
    expect(row?.groupId).toBe(group?.id);
    expect(res.json().data.draft.group).toEqual({ choice: 'existing', group_id: group?.id, group_name: '' });
    expect(res.json().data.current_group_id).toBe(group?.id);
    // Publishing again does not create a second group.
    await t.app.inject({ method: 'POST', url: '/api/website/publish', headers: director.headers });
    expect(await t.database.db.select().from(groups)).toHaveLength(1);
  });

  it('sends a join request for a group the director does not direct; a second Create does not repeat it', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const director = await caller(t.app, a, 'director');
    const [group] = await t.database.db
      .insert(groups)
      .values({
        code: 'GRP-JOIN01',
        name: 'Lotus Schools',
        type: 'school_chain',
        street: 'x',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      })
      .returning();
    if (!group) throw new Error('no group');
    const publish = (payload?: object) =>
      t.app.inject({ method: 'POST', url: '/api/website/publish', headers: director.headers, payload });
    const first = await publish(sampleContent({ group: { choice: 'existing', group_id: group.id } }));
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(
      'Your website is live! Join request sent successfully! You will be notified when approved.',
    );
    const requests = await t.database.db.select().from(groupJoinRequests);
    expect(requests).toMatchObject([
      { groupId: group.id, requesterId: director.user.id, instituteId: a.id, status: 'pending' },
    ]);
    const again = await publish();
    expect(again.json().message).toBe(
      'Your website is live! You already have a pending request to this group',
    );
    expect(await t.database.db.select().from(groupJoinRequests)).toHaveLength(1);
  });

  it('puts the institute straight into a group its director already directs', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const director = await caller(t.app, a, 'director');
    const [group] = await t.database.db
      .insert(groups)
      .values({
        code: 'GRP-MINE01',
        name: 'My Schools',
        type: 'school_chain',
        street: 'x',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      })
      .returning();
    if (!group) throw new Error('no group');
    await t.database.db
      .insert(groupDirectors)
      .values({ groupId: group.id, userId: director.user.id, instituteId: a.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/publish',
      headers: director.headers,
      payload: sampleContent({ group: { choice: 'existing', group_id: group.id } }),
    });
    expect(res.json().message).toBe('Your website is live! This institute is now part of your group.');
    const [row] = await t.database.db.select().from(institutes).where(eq(institutes.id, a.id));
    expect(row?.groupId).toBe(group.id);
    expect(await t.database.db.select().from(groupJoinRequests)).toHaveLength(0);
  });

  it("names the builder's missing fields when a group cannot be created", async () => {
    const { a } = await twoInstitutes(t.database.db);
    const director = await caller(t.app, a, 'director');
    const content = sampleContent({ group: { choice: 'create', group_name: 'Sunrise Schools' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/publish',
      headers: director.headers,
      payload: { ...content, contact: { ...content.contact, address: '', city: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'contact.address': 'Street address is required',
      'contact.city': 'City is required',
    });
    expect(await t.database.db.select().from(groups)).toHaveLength(0);
  });
});

describe('POST /api/website/institutes (a new branch)', () => {
  it('creates the institute on a platform subdomain with the caller as its admin', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { user, headers } = await caller(t.app, a, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/institutes',
      headers,
      payload: sampleContent({ institute_name: "St. Mary's Convent School, Pune" }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      institute_name: "St. Mary's Convent School, Pune",
      domain: 'st-marys-convent-school-pune.schooliko.localhost',
      group_id: null,
    });
    expect(created.institute_code).toMatch(/^SMCS\d{3}$/);
    const [membership] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.instituteId, created.institute_id), eq(memberships.userId, user.id)));
    expect(membership).toMatchObject({ roles: ['admin'], status: 'active' });

    // The new host serves the branch; its builder holds the fields it was created from.
    const branch = { id: created.institute_id, domain: created.domain };
    const site = await t.app.inject({
      method: 'GET',
      url: '/api/public/site',
      headers: { host: branch.domain },
    });
    expect(site.json().data).toMatchObject({
      published: false,
      branding: { institute_name: "St. Mary's Convent School, Pune" },
    });
    const token = await tokenFor(t.app, user, branch, 'admin');
    const state = await t.app.inject({ method: 'GET', url: '/api/website', headers: as(branch, token) });
    expect(state.json().data).toMatchObject({
      status: 'draft',
      draft: { vision: 'Every child curious, capable and kind.' },
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: as(branch, token) });
    expect(profile.json().data).toMatchObject({ city: 'Pune', pincode: '411005' });
  });

  it('picks the next free address for a second branch of the same name; a taken asked address is 409', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const make = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/website/institutes', headers, payload });
    expect((await make(sampleContent())).json().data.domain).toBe(
      'sunrise-public-school.schooliko.localhost',
    );
    expect((await make(sampleContent())).json().data.domain).toBe(
      'sunrise-public-school-2.schooliko.localhost',
    );
    const taken = await make({ ...sampleContent(), subdomain: 'sunrise-public-school' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({
      subdomain: 'This web address is already taken. Please choose another.',
    });
    const bad = await make({ ...sampleContent(), subdomain: 'No Spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ subdomain: 'Use 3 to 40 lowercase letters, digits and hyphens' });
  });

  it("puts a director's branch in the group they direct", async () => {
    const { a } = await twoInstitutes(t.database.db);
    const director = await caller(t.app, a, 'director');
    const [group] = await t.database.db
      .insert(groups)
      .values({
        code: 'GRP-XYZ789',
        name: 'Sunrise Group',
        type: 'school_chain',
        street: 'x',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      })
      .returning();
    if (!group) throw new Error('no group');
    await t.database.db
      .insert(groupDirectors)
      .values({ groupId: group.id, userId: director.user.id, instituteId: a.id });
    await t.database.db.update(institutes).set({ groupId: group.id }).where(eq(institutes.id, a.id));
    t.app.institutes.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/institutes',
      headers: director.headers,
      payload: { ...sampleContent({ institute_name: 'Sunrise Kharadi' }), subdomain: 'sunrise-kharadi' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      domain: 'sunrise-kharadi.schooliko.localhost',
      group_id: group.id,
    });
    const [m] = await t.database.db
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.instituteId, res.json().data.institute_id),
          eq(memberships.userId, director.user.id),
        ),
      );
    expect(m?.roles).toEqual(['director', 'admin']);
  });

  it('refuses a director who directs no group yet (409), and opens nothing', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const director = await caller(t.app, a, 'director');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/institutes',
      headers: director.headers,
      payload: sampleContent(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'website.needsGroup' });
    expect(await t.database.db.select().from(institutes)).toHaveLength(2);
  });

  it('keeps other users of the institute out', async () => {
    const { a } = await twoInstitutes(t.database.db);
    await makeUser(t.database.db, { institute: a, roles: ['admin'] });
    const teacher = await caller(t.app, a, 'teacher');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/institutes',
      headers: teacher.headers,
      payload: sampleContent(),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(institutes)).toHaveLength(2);
  });
});
