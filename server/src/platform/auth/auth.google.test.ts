import { GOOGLE_MESSAGES } from '@schooliko/common/google';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { DEVICE_COOKIE } from './auth.device';
import { REFRESH_COOKIE } from './auth.routes';
import { memberships } from './auth.table';
import { refresh, signUpBody } from './auth.testing';

/** Google's stand-in: a real OpenID provider on this machine that approves every request. */
const provider = new OAuth2Server();
type Claims = Record<string, unknown>;
/** What the provider's next ID token says about the person (and any claim a test overrides). */
let person: Claims = {};

let t: TestApp;
let school: Institute;

beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Claims }) => {
    // Only the ID token carries a nonce (the access token is not read).
    if ('nonce' in token.payload) Object.assign(token.payload, person);
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'schooliko-test-client',
    GOOGLE_CLIENT_SECRET: 'schooliko-test-secret',
    GOOGLE_ISSUER_URL: provider.issuer.url ?? '',
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db);
  person = { email: 'asha@ex.in', email_verified: true, given_name: 'Asha', family_name: 'Rao' };
});
afterEach(() => {
  person = {};
});

const location = (res: LightMyRequestResponse) => String(res.headers.location ?? '');
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** Continue with Google on the institute's host: our redirect to the provider, and the flow cookie. */
async function start(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google/start${query}`,
    headers: { host: school.domain },
  });
  expect(res.statusCode).toBe(302);
  const flow = cookieOf(res, 'sk_google');
  return { authorize: new URL(location(res)), flow: flow?.value ?? '' };
}

/** The provider approves: the query it sends the browser back to the callback with. */
async function approve(authorize: URL): Promise<URL> {
  const res = await fetch(authorize, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

function callback(back: URL, flow: string | null, host = school.domain) {
  return t.app.inject({
    method: 'GET',
    url: `/api/auth/google/callback${back.search}`,
    headers: { host },
    cookies: flow === null ? {} : { sk_google: flow },
  });
}

/** The whole round trip: start, the provider's approval, and our callback's answer. */
async function roundTrip(query = '') {
  const { authorize, flow } = await start(query);
  return callback(await approve(authorize), flow);
}

describe('Google sign-in: start', () => {
  it('redirects to the provider with PKCE (S256), state, nonce and the canonical redirect URI', async () => {
    const { authorize, flow } = await start('?role=teacher');
    expect(authorize.origin).toBe(new URL(provider.issuer.url ?? '').origin);
    const q = authorize.searchParams;
    expect(q.get('client_id')).toBe('schooliko-test-client');
    expect(q.get('redirect_uri')).toBe(`http://${school.domain}:3000/api/auth/google/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // The verifier is in the signed cookie only, never in the URL.
    expect(flow.split('.')).toHaveLength(3);
  });

  it('keeps the flow in a short-lived HttpOnly, SameSite=Lax cookie on /api/auth/google', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/start',
      headers: { host: school.domain },
    });
    expect(cookieOf(res, 'sk_google')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: 600,
    });
  });

  it('starts on the canonical host when opened on another name of the institute', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/start?role=parent',
      headers: { host: `www.${school.domain}` },
    });
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe(`http://${school.domain}:3000/api/auth/google/start?role=parent`);
    expect(cookieOf(res, 'sk_google')).toBeUndefined();
  });

  it('on a host no institute is served on, ends on the sign-in page with a coded message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/start',
      headers: { host: 'nobody.localhost' },
    });
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe('/signin?error=auth.unknownInstitute');
  });
});

describe('Google sign-in: callback', () => {
  it('signs an existing member in as the picked role, with the same cookies as a password sign-in', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['teacher', 'parent'], email: 'asha@ex.in' });
    const res = await roundTrip('?role=parent');
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe('/signin?google=signed-in');
    expect(cookieOf(res, REFRESH_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
    expect(cookieOf(res, DEVICE_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // The flow cookie is spent.
    expect(cookieOf(res, 'sk_google')?.value).toBe('');
    const session = await refresh(t.app, school.domain, cookieOf(res, REFRESH_COOKIE)?.value);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user).toMatchObject({ email: 'asha@ex.in', role: 'parent' });
  });

  it('without a picked role, signs in as the first role the member holds; the email is matched case-insensitively', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['student'], email: 'asha@ex.in' });
    person.email = 'Asha@Ex.IN';
    const res = await roundTrip();
    expect(location(res)).toBe('/signin?google=signed-in');
    const session = await refresh(t.app, school.domain, cookieOf(res, REFRESH_COOKIE)?.value);
    expect(session.json().data.user).toMatchObject({ email: 'asha@ex.in', role: 'student' });
  });

  it('tells a member whose request waits for approval, and starts no session', async () => {
    const asha = await makeUser(t.database.db, {
      institute: school,
      roles: [],
      status: 'pending',
      email: 'asha@ex.in',
    });
    await t.database.db
      .update(memberships)
      .set({ requestedRoles: ['teacher'] })
      .where(eq(memberships.userId, asha.id));
    const res = await roundTrip();
    expect(location(res)).toBe('/signin?error=auth.pendingApproval');
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
  });

  it('sends a new email to sign-up with what Google verified, in a signed token', async () => {
    // A member of another institute only is new here too.
    const other = await makeInstitute(t.database.db);
    await makeUser(t.database.db, { institute: other, roles: ['teacher'], email: 'asha@ex.in' });
    const res = await roundTrip('?role=teacher');
    expect(res.statusCode).toBe(302);
    const [path, fragment] = location(res).split('#');
    expect(path).toBe('/signup');
    expect(fragment).toMatch(/^google=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    const token = fragment?.slice('google='.length) ?? '';

    const prefill = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/prefill',
      headers: { host: school.domain },
      payload: { token },
    });
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json()).toMatchObject({
      message: GOOGLE_MESSAGES.signUp.text,
      data: { email: 'asha@ex.in', first_name: 'Asha', last_name: 'Rao' },
    });

    // The sign-up itself follows the usual rules: a teacher waits for an admin.
    await makeUser(t.database.db, { institute: school, roles: ['admin'] });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      headers: { host: school.domain },
      payload: signUpBody({
        email: 'brand.new@ex.in',
        first_name: 'Asha',
        last_name: 'Rao',
        role: 'teacher',
      }),
    });
    expect(signUp.json().data.status).toBe('pending');
  });

  it('refuses a forged, tampered or other institute’s sign-up token', async () => {
    const res = await roundTrip();
    const token = location(res).split('#google=')[1] ?? '';
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'ceo@ex.in' })).toString('base64url');
    const other = await makeInstitute(t.database.db);
    for (const [host, sent] of [
      [school.domain, `${header}.${forged}.${signature}`],
      [school.domain, 'not-a-token'],
      [other.domain, token],
    ] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google/prefill',
        headers: { host },
        payload: { token: sent },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'google.signUpExpired' });
    }
  });

  it('refuses an answer whose state is not this browser’s', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    const { authorize, flow } = await start();
    const back = await approve(authorize);
    back.searchParams.set('state', 'somebody-elses-state-value');
    const res = await callback(back, flow);
    expect(location(res)).toBe('/signin?error=google.stateMismatch');
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
  });

  it('refuses an answer without the flow cookie, with a forged one, or with another institute’s', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    const { authorize, flow } = await start();
    const back = await approve(authorize);
    const other = await makeInstitute(t.database.db);
    for (const [sent, host] of [
      [null, school.domain],
      [`${flow}x`, school.domain],
      [flow, other.domain],
    ] as const) {
      const res = await callback(back, sent, host);
      expect(location(res)).toBe('/signin?error=google.expired');
      expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    }
  });

  it('refuses an ID token with another nonce, or for another audience', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    for (const override of [{ nonce: 'a-nonce-from-another-flow' }, { aud: 'somebody-elses-client' }]) {
      Object.assign(person, override);
      const res = await roundTrip();
      expect(location(res)).toBe('/signin?error=google.failed');
      expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
      person = { email: 'asha@ex.in', email_verified: true };
    }
  });

  it('refuses an email Google has not verified', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
    for (const verified of [false, undefined, 'true']) {
      person.email_verified = verified;
      const res = await roundTrip();
      expect(location(res)).toBe('/signin?error=google.unverifiedEmail');
      expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    }
  });

  it("tells a cancelled sign-in and the provider's errors apart", async () => {
    for (const [error, code] of [
      ['access_denied', 'google.cancelled'],
      ['server_error', 'google.failed'],
    ]) {
      const { authorize, flow } = await start();
      const back = new URL(authorize.searchParams.get('redirect_uri') ?? '');
      back.search = new URLSearchParams({
        error: error ?? '',
        state: authorize.searchParams.get('state') ?? '',
      }).toString();
      const res = await callback(back, flow);
      expect(location(res)).toBe(`/signin?error=${code}`);
    }
  });
});

describe('Google sign-in: shown only when configured', () => {
  it('says so in the branding the sign-in page reads', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: school.domain },
    });
    expect(answer.json().data.google_sign_in).toBe(true);
  });

  it('without GOOGLE_*: no button, and a start ends on the sign-in page with a coded message', async () => {
    const plain = await createTestApp();
    try {
      const institute = await makeInstitute(plain.database.db);
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/api/institutes/basic-data',
        payload: { domain: institute.domain },
      });
      expect(answer.json().data.google_sign_in).toBe(false);
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        headers: { host: institute.domain },
      });
      expect(res.statusCode).toBe(302);
      expect(location(res)).toBe('/signin?error=google.notConfigured');
      expect(cookieOf(res, 'sk_google')).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
