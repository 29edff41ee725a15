import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

// PostgreSQL refuses a NUL in text (SQLSTATE 22021): found by the bad-input suite as a 500 on
// every route that looks up the Host or searches by a string. It is bad input: 400.
const t = useTestApp({}, { each: false });

describe('a NUL byte in text reaching the database', () => {
  it('answers 400 with the envelope in a body field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: 'a\u0000b.localhost' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Invalid input', code: 'common.invalidInput' });
  });

  it('answers 400 with the envelope in the Host header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/site', headers: { host: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    // Not a host name: refused before the tenant is looked up (plugins/host-check.ts).
    expect(res.json()).toEqual({
      success: false,
      message: 'The address this request was sent to is not a valid host name.',
      code: 'common.badHost',
    });
  });
});
