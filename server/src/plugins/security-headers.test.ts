import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeInstitute, makeUser, tokenFor } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { helmetHeaders, helmetOptions } from './security-headers';

// DESIGN.md section 5. Written out in full, so that any change to a header shows here.
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** One request of each kind of answer: a route, a cached one, refusals, errors before routing. */
const KINDS: [string, number, InjectOptions][] = [
  ['a route', 200, { method: 'GET', url: '/api/health' }],
  [
    'the cached branding',
    200,
    { method: 'POST', url: '/api/institutes/basic-data', payload: { domain: 'localhost' } },
  ],
  [
    'a 404 of a route',
    404,
    { method: 'POST', url: '/api/institutes/basic-data', payload: { domain: 'nope.example' } },
  ],
  ['a validation error', 400, { method: 'POST', url: '/api/institutes/basic-data', payload: {} }],
  [
    'malformed JSON',
    400,
    {
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: '{"domain":',
      headers: { 'content-type': 'application/json' },
    },
  ],
  ['a signed-in route without a token', 401, { method: 'GET', url: '/api/notifications/unreadCount' }],
  ['an unknown API route', 404, { method: 'GET', url: '/api/nope' }],
  ['an unknown upload', 404, { method: 'GET', url: '/uploads/nothing.png' }],
  ['a path Fastify cannot decode', 400, { method: 'GET', url: '/api/groups/%E0%A4%A' }],
];

function securityHeadersOf(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name in EXPECTED || name === 'strict-transport-security'),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await makeInstitute(t.database.db, { domain: 'localhost' });
  });
  afterAll(() => t.close());

  it.each(KINDS)('are on %s (%i)', async (_kind, status, request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(securityHeadersOf(res.headers)).toEqual(EXPECTED);
  });

  it('are the same on a repeated (cached) answer', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject(KINDS[1]?.[2] as InjectOptions);
      expect(securityHeadersOf(res.headers)).toEqual(EXPECTED);
    }
  });

  it('are on the signed-in answers too', async () => {
    const institute = await makeInstitute(t.database.db);
    const admin = await makeUser(t.database.db, { institute, roles: ['admin'] });
    const token = await tokenFor(t.app, admin, institute, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unreadCount',
      headers: as(institute, token),
    });
    expect(res.statusCode).toBe(200);
    expect(securityHeadersOf(res.headers)).toEqual(EXPECTED);
  });
});

describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48) });
  });
  afterAll(() => t.close());

  it('add HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(securityHeadersOf(res.headers)).toEqual({ ...EXPECTED, ...HSTS });
  });
});

describe('helmetHeaders', () => {
  it('are what helmet sets for the options', () => {
    expect(helmetHeaders(helmetOptions({ NODE_ENV: 'development' }))).toEqual(EXPECTED);
  });

  it('refuses a CSP directive that would depend on the request', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: [() => "'nonce-x'"] } },
      }),
    ).toThrow('a CSP directive computed per request is not supported');
  });
});
