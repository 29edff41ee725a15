import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeInstitute, makeUser, tokenFor } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let headers: Record<string, string>;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const institute = await makeInstitute(t.database.db);
  const director = await makeUser(t.database.db, { institute, roles: ['director'] });
  headers = as(institute, await tokenFor(t.app, director, institute, 'director'));
  const admin = await makeUser(t.database.db, { institute, roles: ['admin'] });
  adminHeaders = as(institute, await tokenFor(t.app, admin, institute, 'admin'));
});
afterAll(() => t.close());

describe('bad input never crashes the server', () => {
  it('answers a multipart body without a boundary with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The upload was cut short or is not a valid multipart form. Please try again.',
      code: 'common.uploadCutShort',
    });
  });

  it('answers a multipart body cut short with 400', async () => {
    const payload =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XX' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('answers a JSON null body with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('answers an over-long path parameter in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${'q'.repeat(120)}/markAsRead`,
      headers,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, message: 'Invalid request', code: 'common.invalidRequest' });
  });
});

describe('every failure answers a code next to its English message (ADR 009)', () => {
  it('a field check: the first problem as message and code, each field with its text and code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'not-an-email', password: '', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Please enter a valid email address',
      code: 'auth.emailInvalid',
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
      codes: { email: { code: 'auth.emailInvalid' }, password: { code: 'auth.passwordRequired' } },
    });
  });

  it("a thrown message keeps its module's code", async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/students/00000000-0000-4000-8000-000000000000',
      headers: adminHeaders,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Student not found',
      code: 'students.notFound',
    });
  });

  it('an unknown API route answers the generic not-found code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Route GET /api/no-such-thing not found',
      code: 'common.notFound',
    });
  });
});
