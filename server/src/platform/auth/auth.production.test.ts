import { describe, expect, it } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { refreshCookieOf, signIn } from './auth.testing';

const t = useTestApp({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48) }, { each: false });

describe('in production', () => {
  it('has no dev outbox API and no /dev/mail page', async () => {
    for (const url of ['/api/dev/outbox', '/api/dev/outbox?to=a@ex.in', '/dev/mail']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Development mail');
    }
  });

  it('marks the refresh cookie Secure', async () => {
    const school = await makeInstitute(t.database.db);
    await makeUser(t.database.db, { institute: school, roles: ['admin'], email: 'head@ex.in' });
    const res = await signIn(t.app, school.domain, 'head@ex.in', 'admin');
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
  });
});
