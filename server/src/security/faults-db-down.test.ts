import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { as, makeInstitute, makeUser, tokenFor } from '../testing/factories';
import { createTestApp, freshPostgres, testDbKind } from '../testing/test-app';
import { TcpProxy } from './tcp-proxy';

// Faults: with the database unreachable the API answers 503 quickly (health and a route that
// needs the database), and on PostgreSQL it recovers by itself when the server is back, without
// a restart of the app. The outage is a TCP proxy that is cut and reopened; the machine's
// PostgreSQL keeps running. PGlite lives inside the process and cannot become unreachable:
// there the suite closes it under the running app and checks the quick 503.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await Promise.resolve(clean()).catch(() => {});
});

const QUICK_MS = 3_000;

async function timed(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    body: res.json() as { success?: boolean; message?: string },
    ms: Date.now() - started,
  };
}

async function signedIn(app: FastifyInstance, database: Database) {
  const institute = await makeInstitute(database.db);
  app.institutes.clear();
  const admin = await makeUser(database.db, { institute, roles: ['admin'] });
  return as(institute, await tokenFor(app, admin, institute, 'admin'));
}

async function expectQuick503(app: FastifyInstance, headers: Record<string, string>) {
  const health = await timed(app, '/api/health', headers);
  expect(health.status).toBe(503);
  expect(health.ms).toBeLessThan(QUICK_MS);
  // The list, not the unread count: the count and the session check are kept a few seconds in
  // memory, and may answer from there at the start of an outage.
  const route = await timed(app, '/api/notifications', headers);
  expect(route.status).toBe(503);
  expect(route.ms).toBeLessThan(QUICK_MS);
  expect(route.body).toEqual({
    success: false,
    message: 'Service temporarily unavailable. Please try again shortly.',
    code: 'common.unavailable',
  });
}

describe(`database unreachable (${testDbKind})`, () => {
  if (testDbKind === 'postgres') {
    it('answers 503 within 3 s and recovers by itself when PostgreSQL is back', {
      timeout: 120_000,
    }, async () => {
      const db = await freshPostgres();
      cleanups.push(db.drop);
      const direct = await openDatabase({ url: db.url });
      await migrate(direct);
      await direct.close();

      const target = new URL(db.url);
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      await proxy.open();
      cleanups.push(() => proxy.cut());
      const proxied = new URL(db.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const database = await openDatabase({ url: proxied.toString() });
      const app = await buildApp({
        database,
        config: readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
        logger: false,
      });
      cleanups.push(
        () => database.close(),
        () => app.close(),
      );
      const headers = await signedIn(app, database);
      expect((await timed(app, '/api/notifications/unreadCount', headers)).status).toBe(200);

      await proxy.cut();
      await expectQuick503(app, headers);
      // Still down a moment later (nothing cached hides the outage).
      await expectQuick503(app, headers);

      await proxy.open();
      const deadline = Date.now() + 15_000;
      let health = 0;
      while (Date.now() < deadline && health !== 200) {
        health = (await timed(app, '/api/health', headers)).status;
        if (health !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(health).toBe(200);
      expect((await timed(app, '/api/notifications/unreadCount', headers)).status).toBe(200);
    });
  } else {
    it('answers 503 within 3 s once the embedded database is gone', { timeout: 120_000 }, async () => {
      const t = await createTestApp();
      cleanups.push(() => t.app.close());
      const headers = await signedIn(t.app, t.database);
      expect((await timed(t.app, '/api/notifications/unreadCount', headers)).status).toBe(200);
      await t.database.close();
      await expectQuick503(t.app, headers);
    });
  }
});
