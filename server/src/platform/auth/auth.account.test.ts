import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { memberships } from './auth.table';
import { RELAXED_LIMITS, refresh, refreshCookieOf, signIn, TEST_PASSWORD } from './auth.testing';

let t: TestApp;
let school: Institute;
let other: Institute;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db, { name: 'Sunrise Public School' });
  other = await makeInstitute(t.database.db, { name: 'Green Valley' });
  const asha = await makeUser(t.database.db, {
    institute: school,
    roles: ['teacher'],
    email: 'asha@ex.in',
    firstName: 'Asha',
    lastName: 'Menon',
  });
  await t.database.db
    .insert(memberships)
    .values({ instituteId: other.id, userId: asha.id, roles: ['parent'], status: 'active' });
});

async function session(institute = school, role: 'teacher' | 'parent' = 'teacher', password = TEST_PASSWORD) {
  const res = await signIn(t.app, institute.domain, 'asha@ex.in', role, password);
  expect(res.statusCode).toBe(200);
  return { access: res.json().data.tokens.accessToken as string, refresh: refreshCookieOf(res)?.value };
}

const call = (method: 'PUT' | 'POST' | 'GET', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: school.domain, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe('PUT /api/auth/me (Profile Settings)', () => {
  it("saves the person's own name and mobile and answers the user", async () => {
    const { access } = await session();
    const res = await call('PUT', '/api/auth/me', access, {
      first_name: ' Asha ',
      last_name: 'Kulkarni',
      mobile: '9123456780',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile saved',
      data: { full_name: 'Asha Kulkarni', mobile: '9123456780', role: 'teacher' },
    });
    const me = await call('GET', '/api/auth/me', access);
    expect(me.json().data).toMatchObject({ first_name: 'Asha', last_name: 'Kulkarni', mobile: '9123456780' });
  });

  it('refuses an invalid mobile with its code, and a caller who is not signed in', async () => {
    const { access } = await session();
    const res = await call('PUT', '/api/auth/me', access, {
      first_name: 'Asha',
      last_name: 'M',
      mobile: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.mobileInvalid');
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: { host: school.domain },
      payload: { first_name: 'Asha', last_name: 'M', mobile: '9123456780' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password (Profile Settings)', () => {
  const body = (current: string, next = 'NewSecret@1') => ({
    current_password: current,
    password: next,
    confirm_password: next,
  });

  it('refuses a wrong current password with a code and changes nothing', async () => {
    const { access } = await session();
    const res = await call('POST', '/api/auth/change-password', access, body('not-my-password'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The current password is not correct',
      code: 'account.currentPasswordWrong',
    });
    // Still signed in, and the old password still works.
    expect((await call('GET', '/api/auth/me', access)).statusCode).toBe(200);
    await session();
  });

  it("holds a new password to spec 5.3's rule (8 characters) and the confirmation", async () => {
    const { access } = await session();
    const short = await call('POST', '/api/auth/change-password', access, body(TEST_PASSWORD, 'abc1234'));
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('auth.resetPasswordMin');
    const mismatch = await call('POST', '/api/auth/change-password', access, {
      ...body(TEST_PASSWORD),
      confirm_password: 'Other@1234',
    });
    expect(mismatch.json().code).toBe('auth.passwordsMismatch');
  });

  it('sets the new password and ends every other session (at every institute), not this one', async () => {
    const mine = await session();
    const phone = await session();
    const elsewhere = await session(other, 'parent');

    const res = await call('POST', '/api/auth/change-password', mine.access, body(TEST_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Password changed. You have been signed out on your other devices.',
    });

    expect((await call('GET', '/api/auth/me', mine.access)).statusCode).toBe(200);
    expect((await refresh(t.app, school.domain, mine.refresh)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', phone.access)).statusCode).toBe(401);
    expect((await refresh(t.app, school.domain, phone.refresh)).statusCode).toBe(401);
    expect((await refresh(t.app, other.domain, elsewhere.refresh)).statusCode).toBe(401);

    const old = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher');
    expect(old.statusCode).toBe(401);
    await session(school, 'teacher', 'NewSecret@1');
  });

  it('counts wrong current passwords per person (429 after 5)', async () => {
    const { access } = await session();
    const attempt = () => call('POST', '/api/auth/change-password', access, body('wrong-password'));
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});
