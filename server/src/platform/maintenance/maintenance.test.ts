import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { makeInstitute, makeUser } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { passwordResets, sessions } from '../auth/auth.table';
import { otps } from '../otp/otp.table';
import {
  PLATFORM_EXPIRING,
  PURGE_EVERY_MS,
  purgeExpired,
  renewStatistics,
  schedulePurge,
} from './maintenance.service';

const t = useTestApp();

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe('purgeExpired', () => {
  it('deletes credentials that expired over a day ago and keeps the rest', async () => {
    const db = t.database.db;
    const institute = await makeInstitute(db);
    const user = await makeUser(db, { institute });
    const session = (expiresAt: Date) => ({
      instituteId: institute.id,
      familyId: crypto.randomUUID(),
      userId: user.id,
      role: 'admin' as const,
      tokenHash: randomBytes(16).toString('hex'),
      expiresAt,
    });
    await db.insert(sessions).values([session(hoursAgo(30)), session(hoursAgo(2)), session(hoursAgo(-24))]);
    await db.insert(passwordResets).values([
      { instituteId: institute.id, tokenHash: 'old', userId: user.id, expiresAt: hoursAgo(48) },
      { instituteId: institute.id, tokenHash: 'new', userId: user.id, expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(otps).values([
      { purpose: 'bdr', subject: 'x', codeHash: 'a', expiresAt: hoursAgo(25) },
      { purpose: 'bdr', subject: 'x', codeHash: 'b', expiresAt: hoursAgo(1) },
    ]);

    expect(await purgeExpired(db, PLATFORM_EXPIRING)).toBe(3);
    expect(await db.select().from(sessions)).toHaveLength(2);
    expect((await db.select().from(passwordResets)).map((r) => r.tokenHash)).toEqual(['new']);
    expect((await db.select().from(otps)).map((r) => r.codeHash)).toEqual(['b']);
    expect(await purgeExpired(db, PLATFORM_EXPIRING)).toBe(0);
  });
});

describe('renewStatistics', () => {
  it("renews a bulk job's tables on either engine, and every table on the embedded one only (PostgreSQL has autovacuum)", async () => {
    await makeInstitute(t.database.db);
    const stats = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'institutes'`,
        )) as { rows: { n: number }[] }
      ).rows[0]?.n ?? 0;
    // Pages marked all-visible (the visibility map), which only VACUUM sets: counts read the index alone.
    const visible = async () =>
      (
        (await t.database.db.execute(
          sql`select relallvisible::int as n from pg_class where relname = 'institutes'`,
        )) as { rows: { n: number }[] }
      ).rows[0]?.n ?? 0;
    // A bulk job's own tables first (quoted names), then every table.
    expect(await renewStatistics(t.database, ['institutes', 'fee_dues'])).toBe(true);
    expect(await stats()).toBeGreaterThan(0);
    expect(await visible()).toBeGreaterThan(0);
    const ran = await renewStatistics(t.database);
    expect(ran).toBe(t.database.kind === 'pglite');
    if (ran) {
      expect(await stats()).toBeGreaterThan(0);
      expect(await visible()).toBeGreaterThan(0);
    }
  });
});

describe('schedulePurge', () => {
  it("runs the modules' hourly work every hour, and a failing one neither stops the others nor the timer", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const ran: string[] = [];
      const errors: unknown[] = [];
      const stop = schedulePurge(t.database, [], (e) => errors.push(e), [
        async () => {
          ran.push('first');
          throw new Error('broken');
        },
        async () => {
          ran.push('second');
        },
      ]);
      await vi.advanceTimersByTimeAsync(PURGE_EVERY_MS - 1);
      expect(ran).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(ran).toEqual(['first', 'second']));
      await vi.advanceTimersByTimeAsync(PURGE_EVERY_MS);
      await vi.waitFor(() => expect(ran).toEqual(['first', 'second', 'first', 'second']));
      expect(errors.map((e) => (e as Error).message)).toEqual(['broken', 'broken']);
      stop();
      await vi.advanceTimersByTimeAsync(PURGE_EVERY_MS);
      expect(ran).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
