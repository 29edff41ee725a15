import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_INSTITUTES } from '../../db/seed';
import { useSeededDemo, useTestApp } from '../../testing/test-app';
import { institutes } from './institutes.table';

const t = useTestApp({}, { each: false });
// The two demo institutes are all these tests read (the whole demo school takes seconds to seed).
beforeEach(async () => {
  await t.reset();
  await t.database.db.insert(institutes).values(DEMO_INSTITUTES);
});

describe('branding lookup', () => {
  it('answers the branding of spec 3.4 for a known domain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: 'greenvalley.localhost' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      institute_code: 'GVPS01',
      institute_name: 'Green Valley Public School',
      logo_url: '/images/school-logos/greenvalley.png',
      slogan: 'Rooted in values, reaching for the sky',
      cover_image_url: '/images/covers/greenvalley-cover.jpg',
    });
    expect(body.data.role_images.map((r: { role: string }) => r.role)).toEqual([
      'admin',
      'director',
      'principal',
      'student',
      'parent',
    ]);
    expect(body.data.institute_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps loopback names, ports and www. to the development institute', async () => {
    for (const domain of ['localhost', '127.0.0.1', 'www.localhost:3000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/institutes/basic-data',
        payload: { domain },
      });
      expect(res.json().data.institute_name).toBe('Schooliko Development Institute');
    }
  });

  it('answers the same by GET /domain/:domain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/institutes/domain/greenvalley.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.institute_code).toBe('GVPS01');
  });

  it('answers 404 with a clear message for an unknown domain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: 'nobody.example.in' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'No institute is registered for this domain',
      code: 'institute.notFound',
    });
  });

  it('refuses a body without a domain with 400 and a field error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/institutes/basic-data', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().errors).toHaveProperty('domain');
  });

  it('serves a cached answer until the directory forgets the domain', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: 'greenvalley.localhost' },
    });
    await t.database.db
      .update(institutes)
      .set({ slogan: 'Changed' })
      .where(eq(institutes.domain, 'greenvalley.localhost'));
    const cached = await t.app.inject({ method: 'GET', url: '/api/institutes/domain/greenvalley.localhost' });
    expect(cached.json().data.slogan).toBe('Rooted in values, reaching for the sky');
    t.app.institutes.forget('greenvalley.localhost');
    const fresh = await t.app.inject({ method: 'GET', url: '/api/institutes/domain/greenvalley.localhost' });
    expect(fresh.json().data.slogan).toBe('Changed');
  });

  it('answers through the response schema, the same bytes each time', async () => {
    await t.database.db
      .update(institutes)
      .set({
        roleImages: [{ role: 'admin', image_url: '/a.png', note: 'not in the schema' }] as never,
      })
      .where(eq(institutes.domain, 'greenvalley.localhost'));
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/institutes/basic-data',
        payload: { domain: 'greenvalley.localhost' },
      });
    const first = await ask();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json().data.role_images).toEqual([{ role: 'admin', image_url: '/a.png' }]);
    const again = await ask();
    expect(again.body).toBe(first.body);
    const byGet = await t.app.inject({ method: 'GET', url: '/api/institutes/domain/greenvalley.localhost' });
    expect(byGet.body).toBe(first.body);
  });
});

describe('the demo seed, run twice', () => {
  const demo = useSeededDemo();

  it('makes the two demo institutes once', async () => {
    const rows = await demo.database.db.select().from(institutes);
    expect(rows.map((r) => r.domain).sort()).toEqual(['greenvalley.localhost', 'localhost']);
  });
});

describe('platform routes', () => {
  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: t.database.kind });
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Route GET /api/nope not found',
      code: 'common.notFound',
    });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/institutes/basic-data'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['domain']);
  });

  it('sets the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      headers: { 'content-type': 'application/json' },
      payload: '{"domain":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
