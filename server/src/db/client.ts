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
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** PGlite only: the whole database as a gzipped tarball, to start another one from. */
  dump?: () => Promise<Blob>;
};

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
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
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
