import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** One migrations folder serves both drivers. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as NodePgDatabase, { migrationsFolder });
  } else {
    await migratePglite(database.db as PgliteDatabase, { migrationsFolder });
  }
}
