import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { passwordResets } from '../platform/auth/auth.table';
import { RELAXED_LIMITS, waitForMail } from '../platform/auth/auth.testing';
import type { Institute } from '../platform/institutes/institutes.table';
import { outbox } from '../platform/mail/mail.table';
import { makeInstitute, makeUser } from '../testing/factories';
import { makeSchool } from '../testing/people';
import { createTestApp, type TestApp } from '../testing/test-app';

// Links in mail come from the institute's registered name, with PUBLIC_URL's scheme and port.
const PUBLIC_URL = 'https://schooliko.example:8443';

let t: TestApp;
let dev: Institute;
let greenValley: Institute;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS, PUBLIC_URL });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  dev = await makeInstitute(t.database.db, { domain: 'localhost', name: 'Development Institute' });
  greenValley = await makeInstitute(t.database.db, { domain: 'greenvalley.localhost', name: 'Green Valley' });
  await makeUser(t.database.db, { institute: dev, roles: ['teacher'], email: 'dev@ex.in' });
  await makeUser(t.database.db, { institute: greenValley, roles: ['teacher'], email: 'gv@ex.in' });
});

function forgot(host: string, email = 'gv@ex.in') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { host },
    payload: { email },
  });
}

/** The first link in the newest mail to `to`. */
async function linkTo(to: string): Promise<string> {
  const mail = await waitForMail(t.app, to);
  return /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
}

const BAD_HOST = {
  success: false,
  message: 'The address this request was sent to is not a valid host name.',
  code: 'common.badHost',
};

describe('Host header', () => {
  it.each([
    'greenvalley.localhost:@evil.example',
    '[::1]@evil.example',
    'greenvalley.localhost@evil.example',
    'user:pass@greenvalley.localhost',
    'greenvalley.localhost:3000:3000',
    '::1',
    '[::1',
    '[::1]x',
    'green valley.localhost',
    'greenvalley.localhost/evil',
    'greenvalley.localhost?x=1',
    'greenvalley.localhost#x',
    'greenvalley.localhost:http',
    'greenvalley.localhost:99999',
    'greenvalley..localhost',
    '-greenvalley.localhost',
    'greenvalley.localhost\\evil.example',
  ])('refuses %s with 400 before any handler runs', async (host) => {
    const res = await forgot(host);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_HOST);
    // The security headers are on the refusal too.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await t.app.jobs.drain();
    expect(await t.database.db.select().from(outbox)).toEqual([]);
    expect(await t.database.db.select().from(passwordResets)).toEqual([]);
  });

  it('refuses a bad Host on pages and files too, not only the API', async () => {
    for (const url of ['/', '/signin', '/uploads/x.png', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:@evil.example' } });
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, BAD_HOST]);
    }
  });

  it.each([
    ['greenvalley.localhost:3100', 'gv@ex.in'],
    ['GreenValley.LocalHost', 'gv@ex.in'],
    ['www.greenvalley.localhost.', 'gv@ex.in'],
    ['localhost', 'dev@ex.in'],
    ['localhost:3000', 'dev@ex.in'],
    ['127.0.0.1', 'dev@ex.in'],
    ['127.0.0.1:3100', 'dev@ex.in'],
    ['[::1]:3000', 'dev@ex.in'],
    ['[::1]', 'dev@ex.in'],
  ])('accepts %s', async (host, email) => {
    const res = await forgot(host, email);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

describe('links in mail', () => {
  it("builds the reset link from the institute's registered domain, whatever Host named it", async () => {
    await forgot('WWW.GreenValley.localhost.:3100');
    const link = await linkTo('gv@ex.in');
    expect(link).toMatch(/^https:\/\/greenvalley\.localhost:8443\/reset-password\?token=[\w%-]{30,}$/);
  });

  it('builds the development institute’s links from PUBLIC_URL', async () => {
    await forgot('[::1]:3000', 'dev@ex.in');
    expect(await linkTo('dev@ex.in')).toMatch(/^https:\/\/schooliko\.example:8443\/reset-password\?token=/);
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: {
        host: 'greenvalley.localhost',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
      payload: { email: 'gv@ex.in' },
    });
    expect(res.statusCode).toBe(200);
    expect(await linkTo('gv@ex.in')).toMatch(
      /^https:\/\/greenvalley\.localhost:8443\/reset-password\?token=/,
    );
  });

  it('builds invitation links from the registered domain too', async () => {
    const s = await makeSchool(t.app);
    const [g] = await t.database.db
      .insert((await import('../modules/guardians/guardians.table')).guardians)
      .values({ instituteId: s.institute.id, name: 'Ravi Shaikh', phone: '9822099999', email: 'ravi@ex.in' })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guardians/invitations',
      headers: { ...s.admin.headers, host: `www.${s.institute.domain.toUpperCase()}:9999` },
      payload: { ids: [g?.id] },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t.app, 'ravi@ex.in');
    const origin = `https://${s.institute.domain}:8443`;
    expect(mail.text).toContain(`${origin}/reset-password?token=`);
    expect(mail.text).toContain(`Then sign in at ${origin}/signin with this email address.`);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to http://localhost:<PORT> and takes an http(s) origin only', () => {
    expect(readConfig({ PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100');
    expect(readConfig({ PUBLIC_URL: 'https://Schooliko.example/' }).PUBLIC_URL).toBe(
      'https://schooliko.example',
    );
    for (const bad of [
      'https://schooliko.example/app',
      'https://u:p@schooliko.example',
      'ftp://schooliko.example',
      'x',
    ])
      expect(() => readConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
  });
});
