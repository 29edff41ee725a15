import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeInstitute, makeUser, tokenFor } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const institute = await makeInstitute(t.database.db);
  const director = await makeUser(t.database.db, { institute, roles: ['director'] });
  headers = as(institute, await tokenFor(t.app, director, institute, 'director'));
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
    expect(res.json()).toEqual({ success: false, message: 'Invalid request' });
  });
});
