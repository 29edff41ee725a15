import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students } from '../modules/students/students.table';
import { makeInstitute } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { inInstitute } from './scope';

const t = useTestApp();

const pupil = (instituteId: string, admissionNo: string) => ({
  instituteId,
  admissionNo,
  firstName: 'Aarav',
  dateOfBirth: '2015-06-01',
  gender: 'male' as const,
});

async function twoSchools() {
  const db = t.database.db;
  const a = await makeInstitute(db);
  const b = await makeInstitute(db);
  await db.insert(students).values([pupil(a.id, 'A-1'), pupil(b.id, 'B-1'), pupil(b.id, 'B-2')]);
  return { a, b };
}

describe('row-level security on tenant tables', () => {
  it('a query that forgot its institute filter sees only the scoped institute', async () => {
    const { a, b } = await twoSchools();
    const db = t.database.db;
    // The unscoped connection (the migration owner) sees every institute: the filter really is missing.
    expect(await db.select().from(students)).toHaveLength(3);
    const seenByA = await inInstitute(db, a.id, (tx) => tx.select().from(students));
    expect(seenByA.map((s) => s.admissionNo)).toEqual(['A-1']);
    const seenByB = await inInstitute(db, b.id, (tx) => tx.select().from(students));
    expect(seenByB.map((s) => s.admissionNo).sort()).toEqual(['B-1', 'B-2']);
  });

  it("refuses to write a row into another institute's data", async () => {
    const { a, b } = await twoSchools();
    await expect(
      inInstitute(t.database.db, a.id, (tx) => tx.insert(students).values(pupil(b.id, 'X-1'))),
    ).rejects.toThrow();
    const moved = await inInstitute(t.database.db, a.id, (tx) =>
      tx.update(students).set({ firstName: 'Changed' }).returning(),
    );
    expect(moved).toHaveLength(1);
    const names = await t.database.db
      .select({ n: students.firstName, i: students.instituteId })
      .from(students);
    expect(names.filter((r) => r.n === 'Changed').map((r) => r.i)).toEqual([a.id]);
  });

  it('may not delete a person, nor rewrite the audit log', async () => {
    const { a } = await twoSchools();
    await expect(inInstitute(t.database.db, a.id, (tx) => tx.delete(students))).rejects.toThrow();
    await expect(
      inInstitute(t.database.db, a.id, (tx) => tx.execute(sql`update audit_log set action = 'x'`)),
    ).rejects.toThrow();
  });

  it('without an institute the scoped role sees nothing at all', async () => {
    await twoSchools();
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'app_user', true)`);
      return tx.select().from(students);
    });
    expect(rows).toEqual([]);
  });
});

describe('tenant keys', () => {
  it('every table with an institute_id leads its primary key with it (ADR 007)', async () => {
    const { rows } = (await t.database.db.execute(sql`
      SELECT c.table_name,
        (SELECT a.attname FROM pg_index i
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
          WHERE i.indrelid = format('public.%I', c.table_name)::regclass AND i.indisprimary) AS first
        FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.column_name = 'institute_id'
       ORDER BY c.table_name`)) as { rows: { table_name: string; first: string | null }[] };
    // Not an institute's data but the platform's, which names an institute: a host's owner
    // (found by the host, before any institute is known), a group's directors, and the payment
    // gateway's webhook events (the gateway account is the platform's; an event for an unknown
    // order has no institute).
    const platform = ['domains', 'group_directors', 'razorpay_events'];
    const led = rows
      .filter((r) => r.first !== 'institute_id' && !platform.includes(r.table_name))
      .map((r) => `${r.table_name}: ${r.first}`);
    expect(led).toEqual([]);
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'sessions',
        'notifications',
        'password_resets',
        'group_join_requests',
        'students',
      ]),
    );
  });

  it('no index orders a column DESC NULLS LAST, which no list order (DESC means NULLS FIRST) can use', async () => {
    // drizzle's `.desc()` in an index writes DESC NULLS LAST: `ORDER BY created_at DESC` then sorts
    // every row of the institute instead of reading a page off the index. Plain ascending columns
    // serve both orders (docs/modules.md, "Lists").
    const { rows } = (await t.database.db.execute(sql`
      SELECT indexname FROM pg_indexes
       WHERE schemaname = 'public' AND indexdef LIKE '%DESC NULLS LAST%'
       ORDER BY indexname`)) as { rows: { indexname: string }[] };
    expect(rows).toEqual([]);
  });
});

describe("a transaction's reads started together", () => {
  it('run one after another on its connection, each with its own answer, and pg is never asked to queue them', async () => {
    const { a } = await twoSchools();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const answers = await inInstitute(t.database.db, a.id, (tx) =>
        Promise.all([
          tx.execute(sql`select pg_sleep(0.05), 1 as n`),
          tx.select({ no: students.admissionNo }).from(students),
          tx.execute(sql`select current_setting('app.institute_id') as id`),
        ]),
      );
      expect((answers[0] as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
      expect(answers[1]).toEqual([{ no: 'A-1' }]);
      expect((answers[2] as unknown as { rows: { id: string }[] }).rows[0]?.id).toBe(a.id);
      // A failed read rejects, and the reads queued behind it still answer (none hangs).
      await expect(
        inInstitute(t.database.db, a.id, (tx) =>
          Promise.all([tx.execute(sql`select 1/0`), tx.execute(sql`select 1`)]),
        ),
      ).rejects.toThrow();
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
