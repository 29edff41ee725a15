import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Empties every table and the app's caches: each test starts from nothing. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

/** The database this run tests against: PGlite in memory, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A new empty PostgreSQL database made from TEST_DATABASE_URL, and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `schooliko_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgDb = testDbKind === 'postgres' ? await freshPostgres() : null;
  const database = await openDatabase({ url: pgDb?.url });
  await migrate(database);
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();

  const reset = async () => {
    const result = (await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as {
      rows: { tablename: string }[];
    };
    const names = result.rows.map((r) => `"${r.tablename}"`);
    if (names.length) await database.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} CASCADE`));
    app.institutes.clear();
    app.invalidation.clearAll();
  };

  return {
    app,
    database,
    reset,
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
