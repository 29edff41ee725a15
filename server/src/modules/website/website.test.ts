import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes/institutes.table';
import { as } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { groupDirectors, groups } from '../groups/groups.table';
import { caller, sampleContent, twoInstitutes } from './website.test-helpers';

const t = useTestApp();

const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/website/draft', headers, payload: payload as object });

describe('who may build the website', () => {
  it('lets the institute admin read a first draft made from the branding', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/website', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('not_started');
    expect(data.published).toBeNull();
    expect(data.draft).toMatchObject({
      institute_name: 'Sunrise Public School',
      tagline: 'Learn, lead, serve',
      institute_type: 'school',
      design: { theme_color: '#003c4f', logo_url: '/images/school-logos/logo-1.png' },
    });
    expect(data.can_manage_group).toBe(false);
  });

  it.each(['teacher', 'student', 'parent'] as const)(
    'refuses a %s with 403 on every builder route',
    async (role) => {
      const { a } = await twoInstitutes(t.database.db);
      const { headers } = await caller(t.app, a, role);
      const calls = [
        { method: 'GET' as const, url: '/api/website' },
        { method: 'PUT' as const, url: '/api/website/draft', payload: sampleContent() },
        { method: 'POST' as const, url: '/api/website/publish' },
        { method: 'GET' as const, url: '/api/website/preview' },
        { method: 'POST' as const, url: '/api/website/institutes', payload: sampleContent() },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().message).toBe(
          "Only the institute's admins and its group's directors can change its website",
        );
      }
    },
  );

  it("refuses an admin of another institute on this institute's host", async () => {
    const { a, b } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, b, 'admin');
    const res = await put({ ...headers, host: a.domain }, sampleContent());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This session belongs to another institute. Please sign in here.');
  });

  it('refuses anyone not signed in with 401', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const res = await put(as(a), sampleContent());
    expect(res.statusCode).toBe(401);
  });

  it("lets only the directors of the institute's group in, once it is in a group", async () => {
    const { a } = await twoInstitutes(t.database.db);
    const groupDirector = await caller(t.app, a, 'director');
    const otherDirector = await caller(t.app, a, 'director');
    // In no group yet: a director of this institute may set it up.
    expect((await put(otherDirector.headers, sampleContent())).statusCode).toBe(200);
    const [group] = await t.database.db
      .insert(groups)
      .values({
        code: 'GRP-ABC123',
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
      .values({ groupId: group.id, userId: groupDirector.user.id, instituteId: a.id });
    await t.database.db.update(institutes).set({ groupId: group.id }).where(eq(institutes.id, a.id));
    t.app.institutes.clear();
    expect((await put(groupDirector.headers, sampleContent())).statusCode).toBe(200);
    const refused = await put(otherDirector.headers, sampleContent());
    expect(refused.statusCode).toBe(403);
  });
});

describe('draft validation', () => {
  it('requires only the institute name', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await put(headers, {
      institute_name: '  ',
      contact: {},
      group: {},
      principal: {},
      statistics: {},
      features: {},
      design: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ institute_name: 'Institute name is required' });
    const ok = await put(headers, {
      institute_name: 'Sunrise',
      contact: { socialMedia: {} },
      group: {},
      principal: {},
      statistics: {},
      features: {},
      design: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.draft).toMatchObject({
      institute_name: 'Sunrise',
      tagline: '',
      facilities: [],
      design: { theme_color: '#003c4f' },
    });
  });

  it.each([
    [
      'contact.email',
      { contact: { ...sampleContent().contact, email: 'office@' } },
      'Please enter a valid email address',
    ],
    [
      'design.logo_url',
      { design: { theme_color: '#003c4f', logo_url: 'javascript:alert(1)', banner_url: '' } },
      'Please enter an image address starting with http://, https:// or /',
    ],
    [
      'design.theme_color',
      { design: { theme_color: 'teal', logo_url: '', banner_url: '' } },
      'Please choose a colour in the form #003c4f',
    ],
    [
      'statistics.total_students',
      { statistics: { total_students: -5, total_teachers: '', total_classes: '' } },
      'Please enter a whole number, 0 or more',
    ],
    [
      'statistics.total_classes',
      { statistics: { total_students: '', total_teachers: '', total_classes: '2.5' } },
      'Please enter a whole number, 0 or more',
    ],
    ['established_year', { established_year: '1700' }, 'Please enter a valid year'],
    ['institute_type', { institute_type: 'college' }, 'Currently only School type is available'],
    ['school_type', { school_type: 'engineering' }, 'Please choose a school type from the list'],
    [
      'contact.pincode',
      { contact: { ...sampleContent().contact, pincode: '4110' } },
      'Pincode must be 6 digits',
    ],
    [
      'contact.state',
      { contact: { ...sampleContent().contact, state: 'Bombay' } },
      'Please choose a state or union territory from the list',
    ],
    [
      'contact.latitude',
      { contact: { ...sampleContent().contact, latitude: '95' } },
      'Latitude must be a number between -90 and 90',
    ],
    [
      'contact.socialMedia.twitter',
      {
        contact: {
          ...sampleContent().contact,
          socialMedia: { ...sampleContent().contact?.socialMedia, twitter: 'not a handle!' },
        },
      },
      'Enter a link starting with https:// or a handle such as @yourschool',
    ],
    ['tagline', { tagline: 'x'.repeat(201) }, 'Please keep this under 200 characters'],
  ])('explains a bad %s', async (field, overrides, message) => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await put(headers, sampleContent(overrides as object));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('stores numbers typed as text as numbers', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await put(headers, sampleContent());
    expect(res.json().data.draft).toMatchObject({
      established_year: 1998,
      statistics: { total_students: 1200, total_teachers: 64, total_classes: null },
      contact: { latitude: 18.5308, longitude: 73.8475 },
    });
    expect(res.json().message).toBe('Draft saved');
  });
});

describe('publishing', () => {
  it('shows visitors nothing until Create, then the published copy, and not later drafts', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const site = () => t.app.inject({ method: 'GET', url: '/api/public/site', headers: as(a) });

    await put(headers, sampleContent());
    let pub = (await site()).json().data;
    expect(pub).toMatchObject({ published: false, preview: false, site: null });
    expect(pub.branding.institute_name).toBe('Sunrise Public School');

    const created = await t.app.inject({ method: 'POST', url: '/api/website/publish', headers });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Your website is live!');
    expect(created.json().data.status).toBe('published');
    pub = (await site()).json().data;
    expect(pub.published).toBe(true);
    expect(pub.site.vision).toBe('Every child curious, capable and kind.');
    expect(pub.site).not.toHaveProperty('group');
    expect(pub.published_at).toMatch(/^\d{4}-/);

    await put(headers, sampleContent({ vision: 'A new vision' }));
    const state = (await t.app.inject({ method: 'GET', url: '/api/website', headers })).json().data;
    expect(state.status).toBe('changed');
    expect((await site()).json().data.site.vision).toBe('Every child curious, capable and kind.');
    const preview = (await t.app.inject({ method: 'GET', url: '/api/website/preview', headers })).json().data;
    expect(preview).toMatchObject({ preview: true, site: { vision: 'A new vision' } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/website/preview', headers: as(a) })).statusCode,
    ).toBe(401);
  });

  it('publishes the given content in one call and brings the branding in line', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    await t.app.inject({ method: 'GET', url: `/api/institutes/domain/${a.domain}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website/publish',
      headers,
      payload: sampleContent({
        institute_name: 'Sunrise International School',
        tagline: 'Wings to every dream',
      }),
    });
    expect(res.statusCode).toBe(200);
    const branding = (await t.app.inject({ method: 'GET', url: `/api/institutes/domain/${a.domain}` })).json()
      .data;
    expect(branding).toMatchObject({
      institute_name: 'Sunrise International School',
      slogan: 'Wings to every dream',
    });
  });

  it('refuses to publish before any draft exists', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/website/publish', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please save a draft with the institute name before publishing');
  });

  it("before Create, tells visitors how to reach the institute from its profile, never a person's details", async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers, user } = await caller(t.app, a, 'admin');
    const site = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/public/site', headers: as(a) })).json().data;
    // Nothing known yet: empty fields (the page then shows no "Reach us" at all).
    expect((await site()).contact).toEqual({
      address: '',
      city: '',
      state: '',
      pincode: '',
      website: '',
      phone: '',
      email: '',
    });

    const profile = {
      address: '12 Station Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411005',
      website: 'https://sunrise.example.in',
      // Issue 17 item 13: the office's public phone and email, given on Update Profile.
      publicPhone: '020 2553 1234',
      publicEmail: 'office@sunrise.example.in',
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload: profile });
    expect(saved.statusCode).toBe(200);
    const before = await site();
    expect(before).toMatchObject({
      published: false,
      site: null,
      contact: {
        address: '12 Station Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411005',
        website: 'https://sunrise.example.in',
        phone: '020 2553 1234',
        email: 'office@sunrise.example.in',
      },
    });
    expect(JSON.stringify(before)).not.toContain(user.email);

    // A first draft starts from them.
    const draft = (await t.app.inject({ method: 'GET', url: '/api/website', headers })).json().data;
    expect(draft.draft.contact).toMatchObject({ phone: '020 2553 1234', email: 'office@sunrise.example.in' });

    await t.app.inject({ method: 'POST', url: '/api/website/publish', headers, payload: sampleContent() });
    const after = await site();
    expect(after.contact).toBeNull();
    expect(after.site.contact.address).toBe('12 Station Road, Shivajinagar');
  });

  it('answers 404 for the site of an unknown host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/site',
      headers: { host: 'nobody.localhost' },
    });
    expect(res.statusCode).toBe(404);
  });
});
