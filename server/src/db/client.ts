import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ownerOnlyFiles, secureDataDir } from './data-dir';

export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw `execute` (drizzle answers `{ rows }` on both engines), typed as the caller reads them. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** PGlite only: the whole database as a gzipped tarball, to start another one from. */
  dump?: () => Promise<Blob>;
};

/**
 * Makes a connection run its queries one after another in our code rather than in pg's: a
 * transaction's reads started together (`Promise.all` over one `tx`) queue here, where pg 8 warns
 * that queueing them itself is deprecated and pg 9 refuses them. Same order, same results. A
 * callback or a streamed query (a cursor) goes straight through, as pg handles it.
 */
function queueQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [first] = args;
    const streamed = typeof (first as { submit?: unknown } | null)?.submit === 'function';
    if (streamed || typeof args.at(-1) === 'function') return query(...args);
    const run = last.then(() => query(...args));
    last = run.catch(() => undefined);
    return run;
  };
}

/**
 * PGlite persisted in DATA_DIR by default; a real PostgreSQL server when a URL is given. An
 * in-memory PGlite may start from a dump (`loadDataDir`) instead of an empty cluster. DATA_DIR
 * and all in it are made the owner's only (0700 / 0600) before the database opens.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // How long a request may wait for a connection: a busy pool queues requests rather than
      // refusing them (issue 33: 50 payments at once got 39 % 503s at 3 s). A server that is down
      // refuses the connection at once, so an outage still answers 503 without this wait.
      connectionTimeoutMillis: 30_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    pool.on('connect', queueQueries);
    return { db: drizzlePg(pool), kind: 'postgres', close: () => pool.end() };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    ownerOnlyFiles();
    secureDataDir(options.dataDir);
    dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  // The extensions the migrations create (the student search's trigram index).
  const extensions = { pg_trgm, btree_gin };
  const client = await PGlite.create({
    extensions,
    ...(dir ? { dataDir: dir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // A new cluster's files come out 0666 whatever the umask.
  if (dir) secureDataDir(dir);
  return {
    db: drizzlePglite(client),
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}
