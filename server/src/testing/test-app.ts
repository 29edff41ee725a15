import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrationsFolder as MIGRATIONS, migrate } from '../db/migrate';

/** PGlite's own package.json (its exports hide it from require): a new version makes a new dump. */
const PGLITE_VERSION = readFileSync(
  path.join(
    createRequire(import.meta.url)
      .resolve('@electric-sql/pglite')
      .split('/dist/')[0] ?? '',
    'package.json',
  ),
  'utf8',
);

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Empties every table and the app's caches: each test starts from nothing. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

/** The database this run tests against: PGlite in memory, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** What names the migrated schema: the migrations' files, and for PGlite its version. */
function migrationsHash(...extra: string[]) {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part);
  for (const name of readdirSync(MIGRATIONS).sort())
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  return hash.digest('hex').slice(0, 16);
}

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated template database, made once per set of migrations (under an advisory lock, so test
 * files starting together make it once): a database copied from it is ready in a fraction of the
 * seconds forty migrations take. Templates of older migrations are dropped.
 */
async function migratedTemplate(base: string): Promise<string> {
  const template = `schooliko_template_${migrationsHash()}`;
  return onServer(base, async (admin) => {
    await admin.query('select pg_advisory_lock(8172634)');
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return template;
      const old = await admin.query(
        "select datname from pg_database where datname like 'schooliko\\_template\\_%'",
      );
      for (const { datname } of old.rows as { datname: string }[])
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const making = `${template}_making`;
      await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${making}`);
      const database = await openDatabase({ url: withDatabase(base, making) });
      await migrate(database);
      await database.close();
      // Renamed when whole: a run stopped halfway never leaves a template others would copy.
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(8172634)');
    }
  });
}

/** A new migrated PostgreSQL database (a copy of the template) from TEST_DATABASE_URL, and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `schooliko_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate(base);
  await onServer(base, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: withDatabase(base, name),
    drop: async () => {
      await onServer(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A migrated PGlite, started from a dump of one made earlier: a new PGlite spends about 3.5 s
 * creating its cluster, loading a dump under 1 s, and every test file makes at least one. The dump
 * is kept in the temporary folder under a name that changes with the migrations and PGlite's
 * version, written whole and renamed, so parallel test files never read half of one.
 */
async function migratedPglite(): Promise<Database> {
  const file = path.join(tmpdir(), `schooliko-test-pglite-${migrationsHash(PGLITE_VERSION)}.tgz`);
  if (!existsSync(file)) {
    const made = await openDatabase({});
    await migrate(made);
    const dump = await made.dump?.();
    await made.close();
    if (!dump) throw new Error('PGlite gave no dump');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
}

export async function createTestApp(
  env: Record<string, string> = {},
  { logger = false }: { logger?: Logger | false } = {},
): Promise<TestApp> {
  const pgDb = testDbKind === 'postgres' ? await freshPostgres() : null;
  const database = pgDb ? await openDatabase({ url: pgDb.url }) : await migratedPglite();
  // Nothing to do on a copy already migrated (the check stays: it is what the server does).
  await migrate(database);
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ database, config, logger });
  await app.ready();

  // TRUNCATE gives each table it names new files: on PostgreSQL, truncating all of them cost
  // about a second a test. Only the tables the test wrote to are truncated (CASCADE empties
  // those that point to them), found in one query.
  const tables = (
    (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as {
      rows: { tablename: string }[];
    }
  ).rows.map((r) => `"${r.tablename}"`);
  const written = sql.raw(
    tables.map((name) => `select '${name}' as name where exists (select 1 from ${name})`).join(' union all '),
  );
  const reset = async () => {
    // A code the last test had mailed after its answer lands before the tables are emptied.
    await app.afterAnswer.settled();
    const names = ((await database.db.execute(written)) as { rows: { name: string }[] }).rows.map(
      (r) => r.name,
    );
    // Work the last test left running after its answer (a reset link or a code mailed once the
    // request has been answered) may still hold a row lock: PostgreSQL then ends one side as a
    // deadlock (40P01). Truncating again once it has finished is all the test needs.
    for (let attempt = 1; names.length; attempt++) {
      try {
        await database.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} CASCADE`));
        break;
      } catch (err) {
        const code =
          (err as { code?: string; cause?: { code?: string } }).code ??
          (err as { cause?: { code?: string } }).cause?.code;
        if (code !== '40P01' || attempt === 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
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
