import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { institutes } from '../platform/institutes/institutes.table';
import type { Invalidation } from '../plugins/cache-invalidation';
import { makeInstitute, makeUser } from '../testing/factories';
import { makeSchool } from '../testing/people';
import { freshPostgres, testDbKind } from '../testing/test-app';
import { unreachableRateLimits } from './rate-limits';

// Two instances of the app behind one load balancer: one PostgreSQL, one Redis, one JWT_SECRET,
// nothing else shared. A session made on one works on the other, rate limits count across both,
// and a notification created on one reaches an event stream held open by the other. What one
// instance remembers (session checks, unread counts) is forgotten when the other changes it.
// Sessions and streams need both instances on one database, so they run when TEST_DB=postgres:
// PGlite lives inside one process and cannot be opened by two. The shared rate limit needs only
// Redis and runs on PGlite as well. Counter payments posted at once through both instances share
// one gap-free receipt series (issue 14).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = `multi-instance-${randomBytes(16).toString('hex')}`;
const SIGNIN_IP_MAX = 4;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await Promise.resolve(clean()).catch(() => {});
});

async function instance(database: Database): Promise<FastifyInstance> {
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    JWT_SECRET: SECRET,
    REDIS_URL,
    // Behind one load balancer: X-Forwarded-For names the client (each test uses its own address).
    TRUST_PROXY_HOPS: '1',
    RATE_LIMITS: `${unreachableRateLimits()},signin-ip=${SIGNIN_IP_MAX}/60`,
  });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

/** Two apps: on one PostgreSQL database, or (PGlite) each on its own embedded one. */
async function pair(): Promise<{
  one: FastifyInstance;
  two: FastifyInstance;
  db: Database;
  other?: Database;
}> {
  if (testDbKind === 'postgres') {
    const fresh = await freshPostgres();
    cleanups.push(fresh.drop);
    const first = await openDatabase({ url: fresh.url });
    const second = await openDatabase({ url: fresh.url });
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );
    await migrate(first);
    return { one: await instance(first), two: await instance(second), db: first };
  }
  const first = await openDatabase({});
  const second = await openDatabase({});
  cleanups.push(
    () => first.close(),
    () => second.close(),
  );
  await migrate(first);
  await migrate(second);
  return { one: await instance(first), two: await instance(second), db: first, other: second };
}

const { one, two, db, other } = await pair();
const institute = await makeInstitute(db.db);
for (const app of [one, two]) app.institutes.clear();
const admin = await makeUser(db.db, { institute, roles: ['admin'], password: 'Password@123' });
// Two embedded databases: the same institute and account in each, so both instances know them.
if (other) {
  await makeInstitute(other.db, institute);
  await makeUser(other.db, { institute, roles: ['admin'], email: admin.email, password: 'Password@123' });
}

const signIn = (app: FastifyInstance, ip: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { host: institute.domain, 'x-forwarded-for': ip },
    payload: { email: admin.email, password, role: 'admin' },
  });

const me = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { host: institute.domain, authorization: `Bearer ${token}` },
  });

async function unread(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/notifications/unreadCount',
    headers: { host: institute.domain, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.unreadCount;
}

/** Resolves when the app hears a matching invalidation (from the other instance, over Redis). */
function hears(app: FastifyInstance, test: (change: Invalidation) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.invalidation.on((change) => {
      if (!test(change)) return;
      stop();
      resolve();
    });
  });
}

/** A teacher signs up on the app: the admin is asked to approve. */
function pendingSignUp(app: FastifyInstance) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: { host: institute.domain },
    payload: {
      first_name: 'Across',
      last_name: 'Instances',
      email: `pending-${randomBytes(4).toString('hex')}@example.com`,
      mobile: '9876543210',
      password: 'Password@123',
      confirm_password: 'Password@123',
      role: 'teacher',
    },
  });
}

describe(`two instances on one Redis (${testDbKind})`, () => {
  it('count rate limits together', async () => {
    const ip = `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_IP_MAX; i++)
      statuses.push((await signIn(i % 2 ? two : one, ip, 'Wrong@Password1')).statusCode);
    // Each instance has seen only half the attempts: only a shared count refuses the next one.
    expect(statuses).toEqual(Array(SIGNIN_IP_MAX).fill(401));
    expect((await signIn(one, ip, 'Wrong@Password1')).statusCode).toBe(429);
    expect((await signIn(two, ip, 'Wrong@Password1')).statusCode).toBe(429);
  });

  if (testDbKind === 'postgres') {
    it('accept on one a session made on the other', async () => {
      const res = await signIn(one, `127.9.${randomBytes(1)[0]}.1`, 'Password@123');
      expect(res.statusCode, res.body).toBe(200);
      const { accessToken, refreshToken } = res.json().data.tokens;
      const me = await two.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: institute.domain, authorization: `Bearer ${accessToken}` },
      });
      expect(me.statusCode).toBe(200);
      expect(JSON.stringify(me.json())).toContain(admin.email);
      const refreshed = await two.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { host: institute.domain },
        payload: { refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
    });

    it('refuse on one, once it has heard, a session signed out on the other', async () => {
      const res = await signIn(one, `127.7.${randomBytes(1)[0]}.1`, 'Password@123');
      const { accessToken } = res.json().data.tokens;
      for (let i = 0; i < 2; i++) expect((await me(two, accessToken)).statusCode).toBe(200);
      const familyId = decodeJwt(accessToken).fam;
      const heard = hears(two, (c) => c.kind === 'session' && c.familyId === familyId);
      const out = await one.inject({
        method: 'POST',
        url: '/api/auth/signOut',
        headers: { host: institute.domain, authorization: `Bearer ${accessToken}` },
      });
      expect(out.statusCode).toBe(200);
      await heard;
      expect((await me(two, accessToken)).statusCode).toBe(401);
      expect((await me(one, accessToken)).statusCode).toBe(401);
    });

    it('count on one a notification made on the other, and its reading there', async () => {
      const res = await signIn(two, `127.6.${randomBytes(1)[0]}.1`, 'Password@123');
      const { accessToken } = res.json().data.tokens;
      const before = await unread(two, accessToken);
      expect(await unread(two, accessToken)).toBe(before);
      const delivered = new Promise<void>((resolve) => {
        const stop = two.notificationHub.subscribe(admin.id, () => {
          stop();
          resolve();
        });
      });
      expect((await pendingSignUp(one)).statusCode).toBe(201);
      await delivered;
      expect(await unread(two, accessToken)).toBe(before + 1);

      const heard = hears(two, (c) => c.kind === 'unread' && c.userId === admin.id);
      const read = await one.inject({
        method: 'POST',
        url: '/api/notifications/markAllAsRead',
        headers: { host: institute.domain, authorization: `Bearer ${accessToken}` },
      });
      expect(read.json().data).toEqual({ unreadCount: 0 });
      await heard;
      expect(await unread(two, accessToken)).toBe(0);
    });

    it('push a notification made on one to a stream held by the other', { timeout: 30_000 }, async () => {
      const signedIn = await signIn(two, `127.8.${randomBytes(1)[0]}.1`, 'Password@123');
      const token: string = signedIn.json().data.tokens.accessToken;
      await two.listen({ port: 0, host: '127.0.0.1' });
      const { port } = two.server.address() as AddressInfo;
      const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: `/api/notifications/stream?access_token=${token}`,
              headers: { host: institute.domain },
            },
            resolve,
          )
          .on('error', reject);
      });
      cleanups.push(() => stream.destroy());
      expect(stream.statusCode).toBe(200);
      let received = '';
      const event = new Promise<string>((resolve) => {
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          received += chunk;
          if (/event: notification\n[\s\S]*?\n\n/.test(received)) resolve(received);
        });
      });
      // Give the subscription a moment to reach Redis before publishing.
      await new Promise((r) => setTimeout(r, 300));
      const signUp = await pendingSignUp(one);
      expect(signUp.statusCode).toBe(201);
      const text = await Promise.race([
        event,
        new Promise<string>((_, reject) =>
          setTimeout(() => reject(new Error(`no event; got: ${received}`)), 10_000),
        ),
      ]);
      expect(text).toContain('Across');
    });

    it('serve on one, once it has heard, the institute changed on the other', async () => {
      const branding = async (app: FastifyInstance) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/institutes/basic-data',
          headers: { host: institute.domain },
          payload: { domain: institute.domain },
        });
        expect(res.statusCode).toBe(200);
        return res.json().data.institute_name;
      };
      expect(await branding(one)).toBe(institute.name);
      const rename = (name: string) =>
        db.db.update(institutes).set({ name }).where(eq(institutes.id, institute.id));
      await rename('Renamed Across Instances');
      expect(await branding(one)).toBe(institute.name); // still its five-minute copy
      const heard = hears(one, (c) => c.kind === 'hosts' && c.domains.includes(institute.domain));
      await two.institutes.forget(institute.domain);
      await heard;
      expect(await branding(one)).toBe('Renamed Across Instances');
      await rename(institute.name);
      await two.institutes.forget(institute.domain);
    });

    it('number 30 counter payments posted at once through both instances 1..30, each once', async () => {
      const school = await makeSchool(one);
      const pupils = [school.students.child.id, school.students.other.id, school.students.older.id];
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? two : one).inject({
            method: 'POST',
            url: '/api/fees/payments',
            headers: school.admin.headers,
            payload: { student_id: pupils[i % 3], amount_paise: 10_000 + i, mode: 'cash' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
      const serials = results.map((r) => Number(r.json().data.receipt_no.split('/').at(-1)));
      expect(serials.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      // Both instances list the same 30 receipts.
      for (const app of [one, two]) {
        const list = await app.inject({
          method: 'GET',
          url: '/api/fees/payments',
          headers: school.admin.headers,
        });
        expect(list.json().data.pagination.total).toBe(30);
      }
    });
  }
});
