import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, sessions } from '../auth/auth.table';
import { registrationGrants } from '../bdrs/bdrs.table';
import { otps } from '../otp/otp.table';

/** Expired credentials are kept a day (for reuse detection and support), then deleted. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Deletes sessions, reset links, OTPs and registration grants that expired over a day ago. */
export async function purgeExpired(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_EXPIRED_MS);
  let removed = 0;
  for (const table of [sessions, passwordResets, otps, registrationGrants]) {
    const rows = await db.delete(table).where(lt(table.expiresAt, cutoff)).returning({ one: sql`1` });
    removed += rows.length;
  }
  return removed;
}

/** Runs purgeExpired every hour in the background; the timer never keeps the process alive. */
export function schedulePurge(db: Db, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => purgeExpired(db).catch(onError), PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
