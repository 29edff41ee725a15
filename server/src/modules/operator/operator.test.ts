import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/auth.table';
import type { Institute } from '../../platform/institutes/institutes.table';
import { institutes } from '../../platform/institutes/institutes.table';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp, useSeededDemo } from '../../testing/test-app';
import { DEMO_BDR } from '../bdrs/bdrs.seed';
import { domains } from '../domains/domains.table';
import { setOperator } from './operator.service';

let t: TestApp;
let home: Institute;
let operatorToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  home = await makeInstitute(t.database.db, { domain: 'home.localhost' });
  const operator = await makeUser(t.database.db, { institute: home, roles: ['admin'], isOperator: true });
  operatorToken = await tokenFor(t.app, operator, home, 'admin');
  const admin = await makeUser(t.database.db, { institute: home, roles: ['admin'] });
  adminToken = await tokenFor(t.app, admin, home, 'admin');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(home, token), ...(payload ? { payload } : {}) });

async function registration(domain: string, institute?: Institute) {
  const [row] = await t.database.db
    .insert(domains)
    .values({
      domainName: domain,
      bdrId: DEMO_BDR.bdrId,
      instituteId: institute?.id,
      contactPerson: 'Meera Joshi',
      provider: 'Hostinger',
      purchaseDate: '2025-02-03',
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('operator-only routes', () => {
  it('refuses an admin who is not an operator (403) and anybody signed out (401)', async () => {
    const target = await makeInstitute(t.database.db);
    const record = await registration('sunrise.in', target);
    const routes: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/domains/domain-get-all'],
      ['GET', `/api/domains/domain-get/${record.id}`],
      ['PUT', `/api/domains/domain-update/${record.id}`, { institute_contact_person: 'X' }],
      ['DELETE', `/api/domains/domain-delete/${record.id}`],
      ['GET', '/api/institutes'],
      ['GET', `/api/institutes/${target.id}`],
      ['POST', '/api/institutes', { institute_name: 'New', domain: 'new.in' }],
      ['PUT', `/api/institutes/${target.id}`, { slogan: 'Hacked' }],
      ['DELETE', `/api/institutes/${target.id}`],
    ];
    for (const [method, url, body] of routes) {
      const admin = await call(method, url, adminToken, body);
      expect([method, url, admin.statusCode]).toEqual([method, url, 403]);
      expect(admin.json().message).toBe('Only a platform operator can do this');
      const anonymous = await call(method, url, undefined, body);
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
    }
    expect(
      (await t.database.db.select().from(institutes).where(eq(institutes.id, target.id)))[0]?.slogan,
    ).toBe('Test slogan');
    expect(await t.database.db.select().from(domains)).toHaveLength(1);
  });

  it('stops honouring an operator token once the account is no longer an operator', async () => {
    expect((await call('GET', '/api/institutes', operatorToken)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isOperator: false });
    expect((await call('GET', '/api/institutes', operatorToken)).statusCode).toBe(403);
  });
});

describe('domains for the operator', () => {
  it('lists by page with search, and reads one', async () => {
    const target = await makeInstitute(t.database.db, { name: 'Sunrise Academy' });
    for (const d of ['alpha.in', 'beta.in', 'gamma.in']) await registration(d);
    const sunrise = await registration('sunrise.in', target);

    const page = await call('GET', '/api/domains/domain-get-all?page=1&limit=2', operatorToken);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.items).toHaveLength(2);
    expect(page.json().data.pagination).toEqual({ page: 1, limit: 2, total: 4, hasMore: true });

    const found = await call('GET', '/api/domains/domain-get-all?search=sunrise%20acad', operatorToken);
    expect(found.json().data.items.map((d: { domain_name: string }) => d.domain_name)).toEqual([
      'sunrise.in',
    ]);

    const one = await call('GET', `/api/domains/domain-get/${sunrise.id}`, operatorToken);
    expect(one.json().data).toEqual({
      id: sunrise.id,
      domain_name: 'sunrise.in',
      bdr_id: DEMO_BDR.bdrId,
      institute_id: target.id,
      institute_name: 'Sunrise Academy',
      institute_contact_person: 'Meera Joshi',
      domain_purchased_from: 'Hostinger',
      purchase_date: '2025-02-03',
      subdomain_enabled: false,
      subdomain: null,
      created_at: expect.any(String),
    });
    const missing = await call(
      'GET',
      '/api/domains/domain-get/00000000-0000-4000-8000-000000000000',
      operatorToken,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Domain not found');
  });

  it('moves the institute to a new domain at once (branding cache forgotten)', async () => {
    const target = await makeInstitute(t.database.db, { domain: 'old-name.in' });
    const record = await registration('old-name.in', target);
    const branding = (domain: string) =>
      t.app.inject({ method: 'POST', url: '/api/institutes/basic-data', payload: { domain } });
    expect((await branding('old-name.in')).statusCode).toBe(200);
    expect((await branding('new-name.in')).statusCode).toBe(404);

    const res = await call('PUT', `/api/domains/domain-update/${record.id}`, operatorToken, {
      domain_name: 'New-Name.in',
      subdomain_enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      domain_name: 'new-name.in',
      subdomain_enabled: true,
      subdomain: 'new-name.schooliko.localhost',
    });
    expect((await branding('old-name.in')).statusCode).toBe(404);
    expect((await branding('new-name.in')).json().data.institute_id).toBe(target.id);
    expect((await branding('new-name.schooliko.localhost')).json().data.institute_id).toBe(target.id);
  });

  it('refuses a domain another institute uses (409) and a malformed one (400)', async () => {
    const record = await registration('mine.in', await makeInstitute(t.database.db, { domain: 'mine.in' }));
    await makeInstitute(t.database.db, { domain: 'theirs.in' });
    const taken = await call('PUT', `/api/domains/domain-update/${record.id}`, operatorToken, {
      domain_name: 'theirs.in',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Domain already exists in our database. Please choose a different domain.',
    );
    const bad = await call('PUT', `/api/domains/domain-update/${record.id}`, operatorToken, {
      domain_name: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a registration record and keeps the institute', async () => {
    const target = await makeInstitute(t.database.db);
    const record = await registration('gone.in', target);
    const res = await call('DELETE', `/api/domains/domain-delete/${record.id}`, operatorToken);
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(domains)).toEqual([]);
    expect(await t.database.db.select().from(institutes).where(eq(institutes.id, target.id))).toHaveLength(1);
    expect((await call('DELETE', `/api/domains/domain-delete/${record.id}`, operatorToken)).statusCode).toBe(
      404,
    );
  });
});

describe('institutes for the operator (spec 7.5)', () => {
  it('lists by page with search and reads one', async () => {
    await makeInstitute(t.database.db, { name: 'Lotus Public School', domain: 'lotus.in' });
    const page = await call('GET', '/api/institutes?page=1&limit=1', operatorToken);
    expect(page.json().data.pagination).toEqual({ page: 1, limit: 1, total: 2, hasMore: true });
    const found = await call('GET', '/api/institutes?search=lotus', operatorToken);
    expect(found.json().data.items).toHaveLength(1);
    const one = await call(
      'GET',
      `/api/institutes/${found.json().data.items[0].institute_id}`,
      operatorToken,
    );
    expect(one.json().data).toMatchObject({ institute_name: 'Lotus Public School', domain: 'lotus.in' });
  });

  it('creates an institute with a generated code; it answers on its domain at once', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/institutes/domain/riverside.localhost' })).statusCode,
    ).toBe(404);
    const res = await call('POST', '/api/institutes', operatorToken, {
      institute_name: 'Riverside High School',
      domain: 'Riverside.localhost',
      slogan: 'Flow onwards',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      institute_code: 'RHS01',
      domain: 'riverside.localhost',
      type: 'school',
    });
    const branding = await t.app.inject({ method: 'GET', url: '/api/institutes/domain/riverside.localhost' });
    expect(branding.json().data.slogan).toBe('Flow onwards');

    const again = await call('POST', '/api/institutes', operatorToken, {
      institute_name: 'X',
      domain: 'riverside.localhost',
    });
    expect(again.statusCode).toBe(409);
    const noName = await call('POST', '/api/institutes', operatorToken, { domain: 'y.in' });
    expect(noName.json().message).toBe('Institute name is required');
  });

  it('invalidates the branding cache after an update', async () => {
    const target = await makeInstitute(t.database.db, { domain: 'cached.localhost', slogan: 'Before' });
    const branding = () => t.app.inject({ method: 'GET', url: '/api/institutes/domain/cached.localhost' });
    expect((await branding()).json().data.slogan).toBe('Before');
    const res = await call('PUT', `/api/institutes/${target.id}`, operatorToken, { slogan: 'After' });
    expect(res.statusCode).toBe(200);
    expect((await branding()).json().data.slogan).toBe('After');

    await call('PUT', `/api/institutes/${target.id}`, operatorToken, { domain: 'moved.localhost' });
    expect((await branding()).statusCode).toBe(404);
  });

  it('deletes an institute, but not the one the operator is signed in to', async () => {
    const target = await makeInstitute(t.database.db, { domain: 'doomed.localhost' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/institutes/domain/doomed.localhost' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/institutes/${target.id}`, operatorToken)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/institutes/domain/doomed.localhost' })).statusCode,
    ).toBe(404);
    const own = await call('DELETE', `/api/institutes/${home.id}`, operatorToken);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot delete the institute you are signed in to');
  });
});

describe('the demo seed', () => {
  const demo = useSeededDemo();

  it('makes the demo operator an active admin of the development institute', async () => {
    const [operator] = await demo.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'operator@schooliko.dev'));
    expect(operator?.isOperator).toBe(true);
    const signIn = await demo.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { host: 'localhost' },
      payload: { email: 'operator@schooliko.dev', password: 'Schooliko@123', role: 'admin' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data.tokens.accessToken as string;
    expect(signIn.json().data.user.is_operator).toBe(true);
    const list = await demo.app.inject({
      method: 'GET',
      url: '/api/institutes',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    expect([list.statusCode, list.json().message]).toEqual([200, undefined]);
  });
});

describe('CLI helpers', () => {
  it('marks an existing user as operator, and says when there is none', async () => {
    const user = await makeUser(t.database.db, { institute: home, email: 'someone@x.in' });
    expect(user.isOperator).toBe(false);
    expect(await setOperator(t.database.db, 'SOMEONE@x.in')).toBe(true);
    expect(await setOperator(t.database.db, 'nobody@x.in')).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isOperator).toBe(true);
  });
});
