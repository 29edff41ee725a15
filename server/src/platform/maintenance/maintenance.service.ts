import { lt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client';
import { passwordResets, sessions } from '../auth';
import { otps } from '../otp';

/** Expired credentials are kept a day (for reuse detection and support), then deleted. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/** A table of credentials that expire: its rows carry `expiresAt`. */
export type Expiring = PgTable & { expiresAt: AnyPgColumn };

/**
 * The platform's expiring credentials (sessions, reset links, OTPs). The composition adds the
 * modules' own (main.ts: bdrs' registration grants), so the platform names no module's table.
 */
export const PLATFORM_EXPIRING: readonly Expiring[] = [sessions, passwordResets, otps];

/** Deletes the rows of `tables` that expired over a day ago. */
export async function purgeExpired(db: Db, tables: readonly Expiring[], now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_EXPIRED_MS);
  let removed = 0;
  for (const table of tables) {
    const rows = await db.delete(table).where(lt(table.expiresAt, cutoff)).returning({ one: sql`1` });
    removed += rows.length;
  }
  return removed;
}

/**
 * Renews the planner's statistics, reclaims the rows updates and deletes left behind, and marks
 * pages all-visible so counts read the index alone (VACUUM ANALYZE):
 * - a bulk job's own tables (`tables`), on either engine, before the job is marked done: the pages
 *   opened on its result are planned on its rows. PostgreSQL's autovacuum would come to them only
 *   later, and the plans made before it were the slow ones (issue 33: 100,000 pupils billed took
 *   5.5 minutes, 95 s with one ANALYZE first). Milliseconds on the demo, seconds at 100,000 pupils;
 * - every table (no `tables`) on the embedded database only, which runs no autovacuum (without
 *   statistics a list of 50,000 enquiries took 270 ms a page instead of 50): about a second on the
 *   demo school with 50,000 enquiries. A server's autovacuum does this itself.
 * Answers whether it ran.
 */
export async function renewStatistics(database: Database, tables: readonly string[] = []): Promise<boolean> {
  if (database.kind !== 'pglite' && tables.length === 0) return false;
  await database.db.execute(
    tables.length
      ? sql`vacuum analyze ${sql.join(
          tables.map((t) => sql.identifier(t)),
          sql`, `,
        )}`
      : sql`vacuum analyze`,
  );
  return true;
}

/**
 * Runs purgeExpired, the modules' hourly work (`hourly` in their definitions), and on the embedded
 * database renewStatistics, every hour in the background; the timer never keeps the process alive.
 */
export function schedulePurge(
  database: Database,
  tables: readonly Expiring[],
  onError: (error: unknown) => void,
  hourly: readonly ((db: Db) => Promise<void>)[] = [],
): () => void {
  const timer = setInterval(async () => {
    await purgeExpired(database.db, tables).catch(onError);
    for (const work of hourly) await work(database.db).catch(onError);
    await renewStatistics(database).catch(onError);
  }, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
