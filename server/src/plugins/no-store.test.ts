import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RELAXED_LIMITS, refresh, refreshCookieOf, signIn } from '../platform/auth/auth.testing';
import type { Institute } from '../platform/institutes/institutes.table';
import { makeUser } from '../testing/factories';
import { makeSchool } from '../testing/people';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let s: Awaited<ReturnType<typeof makeSchool>>;
let school: Institute;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: RELAXED_LIMITS });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  s = await makeSchool(t.app);
  school = s.institute;
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control: no-store on signed-in answers', () => {
  it('is on every answer to a request with a bearer token, successes and refusals alike', async () => {
    const answers = [
      await get('/api/auth/me', s.admin.headers),
      await get('/api/notifications', s.teacher.headers),
      await get('/api/students?page=1&limit=10', s.admin.headers),
      // Signed in but not allowed: still about this person, still not to be kept.
      await get('/api/staff', s.student.headers),
      // A public answer asked for while signed in is not kept either.
      await get('/api/pincode/411001', s.admin.headers),
    ];
    expect(answers.map((a) => [a.statusCode, a.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [403, 'no-store'],
      [200, 'no-store'],
    ]);
  });

  it('is on the auth answers that carry tokens (sign-in, refresh) and on their refusals', async () => {
    await makeUser(t.database.db, { institute: school, roles: ['admin'], email: 'meera@ex.in' });
    const signedIn = await signIn(t.app, school.domain, 'meera@ex.in', 'admin');
    const refreshed = await refresh(t.app, school.domain, refreshCookieOf(signedIn)?.value);
    const refused = await signIn(t.app, school.domain, 'meera@ex.in', 'admin', 'Wrong@12345');
    expect([signedIn, refreshed, refused].map((a) => [a.statusCode, a.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
    ]);
  });

  it('leaves public answers to anonymous callers cacheable as their routes say', async () => {
    const res = await get('/api/pincode/411001', { host: school.domain });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});
