import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Institute } from '../institutes/institutes.table';
import { DEVICE_COOKIE } from './auth.device';
import { signIn } from './auth.testing';

let t: TestApp;
let school: Institute;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY_HOPS: '1',
    RATE_LIMITS: 'signin-account=3/60,signin-device=3/60,signin-ip=1000/60',
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  school = await makeInstitute(t.database.db);
  await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'asha@ex.in' });
  await makeUser(t.database.db, { institute: school, roles: ['teacher'], email: 'ravi@ex.in' });
});

/** A new address for every attempt: strangers anywhere, so only per-account counters meet. */
const anywhere = () => ({ 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` });
const withDevice = (cookie: string) => ({ ...anywhere(), cookie: `${DEVICE_COOKIE}=${cookie}` });

const deviceCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE);

/** Asha signs in on her own device: the device cookie it keeps. */
async function ashasDevice(email = 'asha@ex.in'): Promise<string> {
  const res = await signIn(t.app, school.domain, email, 'teacher', undefined, anywhere());
  expect(res.statusCode).toBe(200);
  const cookie = deviceCookieOf(res);
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

async function strangersLockAsha() {
  for (let i = 0; i < 3; i++)
    expect(
      (await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123', anywhere())).statusCode,
    ).toBe(401);
  expect(
    (await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, anywhere())).statusCode,
  ).toBe(429);
}

describe('device cookie', () => {
  it('is issued on a successful sign-in: HttpOnly, SameSite=Strict, on /api/auth, Secure over https', async () => {
    const res = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, anywhere());
    const cookie = deviceCookieOf(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 365 * 86_400,
    });
    expect(cookie?.secure).toBeUndefined();
    const https = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, {
      ...anywhere(),
      'x-forwarded-proto': 'https',
    });
    expect(deviceCookieOf(https)?.secure).toBe(true);
    const failed = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123', anywhere());
    expect(deviceCookieOf(failed)).toBeUndefined();
  });

  it("lets the owner's device sign in while strangers' failures have locked the account", async () => {
    const device = await ashasDevice();
    await strangersLockAsha();
    const res = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, withDevice(device));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe('asha@ex.in');
  });

  it("limits a device's own failures separately from the account's", async () => {
    const device = await ashasDevice();
    for (let i = 0; i < 3; i++)
      expect(
        (await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', 'Wrong@123', withDevice(device)))
          .statusCode,
      ).toBe(401);
    const locked = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, withDevice(device));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('auth.tooManyAttempts');
    // The device's failures did not count against the account: another device still signs in.
    expect(
      (await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, anywhere())).statusCode,
    ).toBe(200);
  });

  it('counts a forged, tampered or somebody else’s device cookie as an unknown device', async () => {
    const device = await ashasDevice();
    const ravisDevice = await ashasDevice('ravi@ex.in');
    await strangersLockAsha();
    const [payload, mac] = device.split('.');
    const other = Buffer.from(JSON.stringify({ e: 'asha@ex.in', i: school.id, n: 'mine' })).toString(
      'base64url',
    );
    for (const forged of [
      `${payload}.${mac?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `${other}.${mac}`,
      'not-a-cookie',
      ravisDevice,
    ]) {
      const res = await signIn(t.app, school.domain, 'asha@ex.in', 'teacher', undefined, withDevice(forged));
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('auth.tooManyAttempts');
    }
  });
});
