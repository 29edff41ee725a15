import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { RELAXED_LIMITS, signUpBody } from './auth.testing';

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  host = (await makeInstitute(t.database.db)).domain;
});

async function post(url: string, payload: Record<string, unknown>, onHost = host) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/${url}`,
    headers: { host: onHost },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A field's spec 5 message: 400, as the envelope's message (the first problem) and under errors[field]. */
async function expectFieldError(
  url: string,
  payload: Record<string, unknown>,
  field: string,
  message: string,
) {
  const { status, body } = await post(url, payload);
  expect(status).toBe(400);
  expect(body.success).toBe(false);
  expect(body.message).toBe(message);
  expect(body.errors[field]).toBe(message);
}

const signInBody = { email: 'asha@example.com', password: 'Secret@123', role: 'teacher' };

describe('spec 5.1 sign in', () => {
  it.each([
    ['email', { email: undefined }, 'Email is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: '   ' }, 'Email is required'],
    ['email', { email: 'asha@' }, 'Please enter a valid email address'],
    ['email', { email: 'not an email' }, 'Please enter a valid email address'],
    ['password', { password: undefined }, 'Password is required'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['role', { role: undefined }, 'Please select a role'],
    ['role', { role: '' }, 'Please select a role'],
    ['role', { role: 'principal' }, 'Please select a role'],
  ])('%s %j -> %s', async (field, change, message) => {
    await expectFieldError('signin', { ...signInBody, ...change }, field, message);
  });
});

describe('spec 5.2 sign up', () => {
  it.each([
    ['first_name', { first_name: undefined }, 'First name is required'],
    ['first_name', { first_name: '  ' }, 'First name is required'],
    ['last_name', { last_name: '' }, 'Last name is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'meera.example.com' }, 'Please enter a valid email address'],
    ['mobile', { mobile: undefined }, 'Mobile number is required'],
    ['mobile', { mobile: '' }, 'Mobile number is required'],
    ['mobile', { mobile: '98765' }, 'Please enter a valid 10-digit mobile number'],
    ['mobile', { mobile: '98765432100' }, 'Please enter a valid 10-digit mobile number'],
    ['mobile', { mobile: '98765abcde' }, 'Please enter a valid 10-digit mobile number'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: 'abc', confirm_password: 'abc' }, 'Password must be at least 6 characters'],
    ['confirm_password', { confirm_password: undefined }, 'Please confirm your password'],
    ['confirm_password', { confirm_password: '' }, 'Please confirm your password'],
    ['confirm_password', { confirm_password: 'Secret@124' }, 'Passwords do not match'],
    ['role', { role: undefined }, 'Please select a role'],
  ])('%s %j -> %s', async (field, change, message) => {
    await expectFieldError('signUp', signUpBody(change), field, message);
  });
});

describe('spec 5.3 forgot and reset password', () => {
  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nobody' }, 'Please enter a valid email address'],
  ])('forgot %j -> %s', async (payload, message) => {
    await expectFieldError('forgot-password', payload, 'email', message);
  });

  const reset = { token: 'abc', password: 'LongEnough1', confirm_password: 'LongEnough1' };
  it.each([
    ['token', { token: undefined }, 'Invalid or missing reset token'],
    ['token', { token: '' }, 'Invalid or missing reset token'],
    ['password', { password: '' }, 'Password is required'],
    [
      'password',
      { password: 'Short12', confirm_password: 'Short12' },
      'Password must be at least 8 characters',
    ],
    ['confirm_password', { confirm_password: '' }, 'Please confirm your password'],
    ['confirm_password', { confirm_password: 'LongEnough2' }, 'Passwords do not match'],
  ])('reset %s %j -> %s', async (field, change, message) => {
    await expectFieldError('reset-password', { ...reset, ...change }, field, message);
  });

  it('answers an unknown reset token with the invalid-link message', async () => {
    const { status, body } = await post('reset-password', reset);
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      message: 'This reset link is invalid or has expired. Please request a new one.',
      code: 'auth.tokenInvalid',
    });
  });
});

describe('spec 5.4 institute requirement', () => {
  const unknownHost = 'no-such-school.example.in';

  it.each(['teacher', 'student', 'parent', 'director'])(
    'stops %s sign-in and sign-up on a host with no institute',
    async (role) => {
      const message = 'Institute information not available. Please refresh the page.';
      const signIn = await post('signin', { ...signInBody, role }, unknownHost);
      expect(signIn).toEqual({
        status: 400,
        body: { success: false, message, code: 'auth.instituteMissing' },
      });
      const signUp = await post('signUp', signUpBody({ role }), unknownHost);
      expect(signUp).toEqual({
        status: 400,
        body: { success: false, message, code: 'auth.instituteMissing' },
      });
    },
  );

  it('tells an admin plainly that nobody can sign in or up on such a host', async () => {
    const message =
      "No institute is registered for this web address, so you cannot sign in or sign up here. Please open your institute's own address.";
    expect(await post('signin', { ...signInBody, role: 'admin' }, unknownHost)).toEqual({
      status: 400,
      body: { success: false, message, code: 'auth.unknownInstitute' },
    });
    expect(await post('signUp', signUpBody({ role: 'admin' }), unknownHost)).toEqual({
      status: 400,
      body: { success: false, message, code: 'auth.unknownInstitute' },
    });
  });
});
