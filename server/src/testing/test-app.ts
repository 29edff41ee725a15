import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrationsFolder as MIGRATIONS, migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { forgetRateLimits } from '../plugins/rate-limit';
import { onServer } from './pg-admin';
import { SEEDS_DEMO } from './tier';

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
  reset: (options?: { truncate?: boolean }) => Promise<void>;
  /** Ends the file's use of the app (the worker may keep it for the next file). */
  close: () => Promise<void>;
};

/** The database this run tests against: PGlite in memory, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * What names the migrated schema: the migrations' files and their journal (drizzle knows an
 * applied migration by the journal's time, so the same SQL written again is another migration),
 * and for PGlite its version.
 */
function migrationsHash(...extra: string[]) {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part);
  for (const name of readdirSync(MIGRATIONS).sort())
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  hash.update(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
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
  const run = process.env.SCHOOLIKO_TEST_RUN ?? 'solo';
  const name = `schooliko_test_${run}_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate(base);
  await onServer(base, async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A test database need not wait for the disk at each commit: about 6% off the PostgreSQL runs.
    // Nothing here tests PostgreSQL's own crash safety (the app is killed, never the database), and
    // a crash of the database loses at most the last commits of a database the run throws away.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
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

/** The tables of the schema, read once per database. */
async function tableNames(database: Database): Promise<string[]> {
  const found = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as { rows: { tablename: string }[] };
  return found.rows.map((r) => `"${r.tablename}"`);
}

/**
 * Empties every table a test wrote to, found in one query. Between tests rows are deleted with
 * triggers and foreign keys off (`session_replication_role = replica`): tens of milliseconds, where
 * TRUNCATE (new files for every table it names) cost 0.2 to 1.1 s a test. A file starts with
 * TRUNCATE (`{ truncate: true }`), which also drops the dead rows the deletes leave: the embedded
 * database has no autovacuum, and a seeded school's worth of them slows every later scan.
 */
function emptier(database: Database, tables: string[]) {
  const written = sql.raw(
    tables.map((name) => `select '${name}' as name where exists (select 1 from ${name})`).join(' union all '),
  );
  return async ({ truncate = false } = {}) => {
    const names = ((await database.db.execute(written)) as { rows: { name: string }[] }).rows.map(
      (r) => r.name,
    );
    if (!names.length) return;
    // Work the last test left running after its answer may still hold a row lock: PostgreSQL then
    // ends one side as a deadlock (40P01). Emptying again once it has finished is all a test needs.
    for (let attempt = 1; ; attempt++) {
      try {
        if (truncate) await database.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} CASCADE`));
        else
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`set local session_replication_role = replica`);
            for (const name of names) await tx.execute(sql.raw(`DELETE FROM ${name}`));
          });
        return;
      } catch (err) {
        const code =
          (err as { code?: string; cause?: { code?: string } }).code ??
          (err as { cause?: { code?: string } }).cause?.code;
        if (code !== '40P01' || attempt === 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
}

type Emptier = ReturnType<typeof emptier>;

/** A migrated database of the kind this run tests against, and how to be rid of it. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgDb = testDbKind === 'postgres' ? await freshPostgres() : null;
  const database = pgDb ? await openDatabase({ url: pgDb.url }) : await migratedPglite();
  // Nothing to do on a copy already migrated (the check stays: it is what the server does).
  await migrate(database);
  return {
    database,
    drop: async () => {
      await database.close();
      await pgDb?.drop();
    },
  };
}

async function startApp(database: Database, env: Record<string, string>, logger: Logger | false) {
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ database, config, logger });
  await app.ready();
  return app;
}

/**
 * What a test worker keeps from one test file to the next (vitest runs the server project's files
 * in a worker without isolating them): one database, and the app the last file asked for. A file
 * that asks for the same settings gets that app again, emptied; other settings close it and start
 * one on the same database (no import, migration or copy again).
 */
type Kept = {
  database: Database;
  empty: Emptier;
  app?: { key: string; app: FastifyInstance; inUse: boolean };
};
let kept: Promise<Kept> | undefined;

function keptDatabase(): Promise<Kept> {
  kept ??= openTestDatabase().then(async ({ database }) => ({
    database,
    empty: emptier(database, await tableNames(database)),
  }));
  return kept;
}

function handle(
  app: FastifyInstance,
  database: Database,
  empty: Emptier,
  close: () => Promise<void>,
): TestApp {
  const reset = async (options?: { truncate?: boolean }) => {
    // A code the last test had mailed after its answer lands before the tables are emptied.
    await app.afterAnswer.settled();
    await empty(options);
    app.institutes.clear();
    app.invalidation.clearAll();
  };
  return { app, database, reset, close };
}

/**
 * The app a test file works with, on an empty database. A file's first app (its usual one) is the
 * worker's kept app when the settings match; an app made while another is in use (a second app
 * with other settings, inside one test) has a database of its own, dropped when it is closed, as
 * has one with a logger to watch.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logger = false }: { logger?: Logger | false } = {},
): Promise<TestApp> {
  const shared = await keptDatabase();
  if (logger || shared.app?.inUse) {
    const own = await openTestDatabase();
    const app = await startApp(own.database, env, logger);
    const empty = emptier(own.database, await tableNames(own.database));
    return handle(app, own.database, empty, async () => {
      await app.close();
      await own.drop();
    });
  }
  const key = JSON.stringify(Object.entries(env).sort());
  if (shared.app && shared.app.key !== key) {
    await shared.app.app.close();
    shared.app = undefined;
  }
  if (!shared.app) shared.app = { key, app: await startApp(shared.database, env, false), inUse: false };
  const current = shared.app;
  current.inUse = true;
  forgetRateLimits(current.app);
  const t = handle(current.app, shared.database, shared.empty, async () => {
    await current.app.afterAnswer.settled();
    current.inUse = false;
  });
  await t.reset({ truncate: true });
  return t;
}

/**
 * A test file's app, in one line in place of the beforeAll / afterAll / beforeEach preamble:
 * made (or taken from the worker) before the file's first test, emptied before each test (unless
 * `{ each: false }`, for a file whose tests build on one another), given back after the last.
 */
export function useTestApp(env: Record<string, string> = {}, { each = true } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(() => current?.close());
  if (each) beforeEach(() => current?.reset());
  const made = madeBy('useTestApp', () => current);
  return appOf(made, {
    reset: (options?: { truncate?: boolean }) => made().reset(options),
    close: () => made().close(),
  });
}

/** What a `use…` helper made in its beforeAll, once it is there. */
function madeBy<T>(helper: string, current: () => T | undefined): () => T {
  return () => {
    const made = current();
    if (!made) throw new Error(`${helper}: the app is there from the first beforeAll on`);
    return made;
  };
}

/** The app and database a `use…` helper will have made, read when a test runs (and `extra`). */
function appOf<Extra extends object = object>(
  made: () => Pick<TestApp, 'app' | 'database'>,
  extra = {} as Extra,
): Pick<TestApp, 'app' | 'database'> & Extra {
  return {
    get app() {
      return made().app;
    },
    get database() {
      return made().database;
    },
    ...extra,
  };
}

/**
 * The demo as `npm start` seeds it, seeded twice (a second run must add nothing), for the files
 * that check what the demo holds. Seeding the whole school takes half a minute, so a worker seeds
 * it once, on a database of its own that no test empties, and every such file reads it. What a
 * file does to it stays: check, sign in and seed again; change nothing others read.
 */
let seededDemo: Promise<Pick<TestApp, 'app' | 'database'>> | undefined;

export function useSeededDemo(): Pick<TestApp, 'app' | 'database'> {
  let current: Pick<TestApp, 'app' | 'database'> | undefined;
  beforeAll(async () => {
    seededDemo ??= (async () => {
      const { database } = await openTestDatabase();
      const app = await startApp(database, {}, false);
      await seedDemo(database.db);
      await seedDemo(database.db);
      return { app, database };
    })();
    current = await seededDemo;
  }, SEEDS_DEMO.timeout);
  return appOf(madeBy('useSeededDemo', () => current));
}
