import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import type { User } from './auth.table';

// The app's own signing secret: these tokens are forged with it, as by anyone who ever learns it.
const SECRET = 'the-secret-these-tests-sign-with-0123456789';

let t: TestApp;
let school: Institute;
let asha: User;
beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: SECRET });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db);
  asha = await makeUser(t.database.db, { institute: school, roles: ['teacher'] });
});

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { host: school.domain, authorization: `Bearer ${token}` },
  });

const EXPIRED = {
  success: false,
  message: 'Your session has expired. Please sign in again.',
  code: 'auth.sessionExpired',
};

/** A token with the claims the app signs, signed with its real secret; `exp` only when given. */
function forge(familyId: string, exp?: number) {
  const jwt = new SignJWT({ ins: school.id, role: 'teacher', fam: familyId, op: false })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(asha.id)
    .setAudience('schooliko-api')
    .setIssuer('schooliko')
    .setIssuedAt();
  if (exp !== undefined) jwt.setExpirationTime(exp);
  return jwt.sign(new TextEncoder().encode(SECRET));
}

/** The session family of a token the app issued itself (a real, open session). */
async function openFamily(): Promise<string> {
  const token = await tokenFor(t.app, asha, school, 'teacher');
  const claims = await t.app.tokens.verifyAccess(token);
  return claims?.familyId ?? '';
}

describe('access tokens', () => {
  it('accepts a token of an open session with an expiry (the forging helper is right)', async () => {
    const res = await me(await forge(await openFamily(), Math.floor(Date.now() / 1000) + 600));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(asha.id);
  });

  it('refuses a validly signed token without exp, even for an open session', async () => {
    const res = await me(await forge(await openFamily()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('refuses a validly signed token naming a session that was never opened', async () => {
    const res = await me(await forge(randomUUID(), Math.floor(Date.now() / 1000) + 600));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });

  it("refuses a token naming another person's open session", async () => {
    const other = await makeUser(t.database.db, { institute: school, roles: ['teacher'] });
    const theirs = await t.app.tokens.verifyAccess(await tokenFor(t.app, other, school, 'teacher'));
    const res = await me(await forge(theirs?.familyId ?? '', Math.floor(Date.now() / 1000) + 600));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });
});
