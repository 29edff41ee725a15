import { isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { outbox } from '../mail/mail.table';
import { passwordResets } from './auth.table';
import { RELAXED_LIMITS, refresh, signIn, waitForMail } from './auth.testing';

let t: TestApp;
let school: Institute;
beforeAll(async () => {
  // Behind one trusted proxy: still neither X-Forwarded-Proto nor X-Forwarded-Host chooses a link.
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS, TRUST_PROXY_HOPS: '1' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db, { name: 'Sunrise Public School' });
  await makeUser(t.database.db, {
    institute: school,
    roles: ['teacher'],
    email: 'asha@ex.in',
    firstName: 'Asha',
  });
});

const SENT = {
  success: true,
  message: 'If an account exists for this email, a password reset link has been sent to it.',
  data: null,
};

function forgot(email: string, headers: Record<string, string> = {}, host = school.domain) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { host, ...headers },
    payload: { email },
  });
}

function reset(token: string, password = 'NewSecret@2025', host = school.domain) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { host },
    payload: { token, password, confirm_password: password },
  });
}

/** The link in the newest reset mail to Asha. */
async function resetLink(): Promise<URL> {
  const mail = await waitForMail(t.app, 'asha@ex.in');
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in the mail');
  return new URL(match[0]);
}

const settle = () => new Promise((r) => setTimeout(r, 400));

describe('forgot password', () => {
  it("mails a member a working single-use link to /reset-password on the institute's address", async () => {
    const res = await forgot('ASHA@ex.in');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const mail = await waitForMail(t.app, 'asha@ex.in');
    expect(mail.subject).toBe('Reset your Sunrise Public School password');
    expect(mail.text).toContain('Hello Asha,');
    const link = await resetLink();
    // Its registered domain, with PUBLIC_URL's scheme and port (default http://localhost:3000).
    expect(link.origin).toBe(`http://${school.domain}:3000`);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(30);
    const [stored] = await t.database.db.select().from(passwordResets);
    expect(stored?.tokenHash).not.toBe(token);
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it('gives an unknown email, and a person of another institute, the same answer and no mail', async () => {
    const other = await makeInstitute(t.database.db);
    await makeUser(t.database.db, { institute: other, roles: ['admin'], email: 'ravi@ex.in' });
    const known = await forgot('asha@ex.in');
    for (const email of ['nobody@ex.in', 'ravi@ex.in']) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
    }
    await waitForMail(t.app, 'asha@ex.in');
    await settle();
    const mails = await t.database.db.select({ to: outbox.to }).from(outbox);
    expect(mails).toEqual([{ to: 'asha@ex.in' }]);
  });

  it('builds the link from neither X-Forwarded-Host nor X-Forwarded-Proto, even behind a trusted proxy', async () => {
    await forgot('asha@ex.in', { 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' });
    const link = await resetLink();
    expect(link.host).toBe(`${school.domain}:3000`);
    expect(link.protocol).toBe('http:');
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session and works only once', async () => {
    const before = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher');
    const tokens = before.json().data.tokens;
    await forgot('asha@ex.in');
    const token = (await resetLink()).searchParams.get('token') ?? '';

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your password has been reset. Please sign in with your new password.',
      data: null,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: as(school, tokens.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect((await refresh(t.app, school.domain, tokens.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher')).statusCode).toBe(401);
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'NewSecret@2025')).statusCode).toBe(
      200,
    );

    const again = await reset(token, 'Another@2025');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect((await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'NewSecret@2025')).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired link', async () => {
    await forgot('asha@ex.in');
    const token = (await resetLink()).searchParams.get('token') ?? '';
    await t.database.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link is invalid or has expired. Please request a new one.');
  });

  it("refuses a link on another institute's host", async () => {
    await forgot('asha@ex.in');
    const token = (await resetLink()).searchParams.get('token') ?? '';
    const other = await makeInstitute(t.database.db);
    expect((await reset(token, 'NewSecret@2025', other.domain)).statusCode).toBe(400);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('spends the older links of the person when one is used', async () => {
    await forgot('asha@ex.in');
    const older = (await resetLink()).searchParams.get('token') ?? '';
    await t.database.db.delete(outbox);
    await forgot('asha@ex.in');
    const newer = (await resetLink()).searchParams.get('token') ?? '';
    expect(newer).not.toBe(older);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older)).statusCode).toBe(400);
    const open = await t.database.db.select().from(passwordResets).where(isNull(passwordResets.usedAt));
    expect(open).toHaveLength(0);
  });
});
