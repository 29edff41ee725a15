import { todayInIndia } from '@schooliko/common/kit/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../testing/test-app';
import { compactAllDueTotals, refreshDueSummaries } from './dues-summary.service';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, addHead, billedSchool, pay } = feesKit(() => t);
const db = () => t.app.database.db;
const today = todayInIndia();
const day = (n: number) => new Date(Date.parse(today) + n * 864e5).toISOString().slice(0, 10);

type Figure = { student_id: string; paise: number; oldest: string };

/** Each student's overdue figures on `on`, for one instalment or all (''), straight from fee_dues. */
async function fromScratch(instituteId: string, on: string, instalment: string): Promise<Figure[]> {
  return rowsOf<Figure>(
    await db().execute(sql`
      select student_id::text, sum(balance_paise)::bigint::text as paise, min(due_on)::text as oldest
      from fee_dues where institute_id = ${instituteId} and due_on < ${on}::date and balance_paise > 0
        and not cancelled and (${instalment} = '' or instalment = ${instalment})
      group by student_id order by student_id`),
  ).map((r) => ({ ...r, paise: Number(r.paise) }));
}

/** The same figures as the defaulter list reads them: the summary row that answers for `on`. */
async function fromSummary(instituteId: string, on: string, instalment: string): Promise<Figure[]> {
  return rowsOf<Figure>(
    await db().execute(sql`
      select student_id::text, overdue_paise::text as paise, oldest_due_on::text as oldest
      from fee_due_summaries where institute_id = ${instituteId} and instalment = ${instalment}
        and from_on < ${on}::date and until_on >= ${on}::date and overdue_paise > 0
      order by student_id`),
  ).map((r) => ({ ...r, paise: Number(r.paise) }));
}

type Kept = { oldest: string; students: number; paise: number };

/** The kept totals (fee_due_totals) that answer for `on`, by oldest due date, from `table`'s rows. */
async function keptOn(instituteId: string, on: string, instalment: string, table: 'totals' | 'summaries') {
  const from =
    table === 'totals'
      ? sql`select * from fee_due_totals where true`
      : sql`select *, 1 as students from fee_due_summaries where overdue_paise > 0`;
  return rowsOf<Kept>(
    await db().execute(sql`
      select oldest_due_on::text as oldest, sum(students)::int as students, sum(overdue_paise)::bigint::text as paise
      from (${from} and institute_id = ${instituteId} and instalment = ${instalment}
        and from_on < ${on}::date and until_on >= ${on}::date) k
      group by oldest_due_on having sum(students) <> 0 order by oldest_due_on`),
  ).map((r) => ({ ...r, paise: Number(r.paise) }));
}

/**
 * The summary equals the computation from scratch on every day that matters, for every scope; and
 * the kept totals equal the summary's rows counted and summed.
 */
async function expectSummaryExact(instituteId: string, { kept = true } = {}) {
  const dates = rowsOf<{ d: string }>(
    await db().execute(
      sql`select distinct due_on::text as d from fee_dues where institute_id = ${instituteId}`,
    ),
  ).map((r) => r.d);
  const days = [
    ...new Set([
      today,
      ...dates.flatMap((d) => [d, day(Math.round((Date.parse(d) - Date.parse(today)) / 864e5) + 1)]),
    ]),
  ];
  const instalments = rowsOf<{ i: string }>(
    await db().execute(
      sql`select distinct instalment as i from fee_dues where institute_id = ${instituteId}`,
    ),
  ).map((r) => r.i);
  let checked = 0;
  for (const on of days)
    for (const scope of ['', ...instalments]) {
      const scratch = await fromScratch(instituteId, on, scope);
      expect(await fromSummary(instituteId, on, scope), `${on} ${scope}`).toEqual(scratch);
      if (kept)
        expect(await keptOn(instituteId, on, scope, 'totals'), `kept ${on} ${scope}`).toEqual(
          await keptOn(instituteId, on, scope, 'summaries'),
        );
      checked += scratch.length;
    }
  return checked;
}

describe('the defaulter summary (fee_due_summaries)', () => {
  it('equals a computation from scratch after billing, payment, cancel, concession and fine', async () => {
    const s = await billedSchool();
    const i = s.institute.id;
    const h = s.admin.headers;
    const child = s.students.child.id;
    const other = s.students.other.id;
    // Term 1 twelve days ago, Term 2 in a month: a fine is due on Term 1.
    await db().execute(sql`update fee_dues set due_on = case when seq = 0 then ${day(-12)}::date
      else ${day(30)}::date end where institute_id = ${i}`);
    await refreshDueSummaries(db(), i, sql`true`);
    expect(await expectSummaryExact(i)).toBeGreaterThan(0);

    // A fine rule: the next payment charges the fine as a due of the Fine head.
    const fine = await addHead(h, 'FINE', 'Late Fee', 'fine');
    const rule = await send('PUT', h, '/api/fees/fine-rule', {
      academic_year_id: s.year.id,
      head_id: fine.id,
      grace_days: 5,
      cap_paise: 25000,
      slabs: [{ from_day: 1, kind: 'per_day', value: 1000 }],
    });
    expect(rule.statusCode, rule.body).toBe(200);

    // A part payment: the fines are charged first (two Term 1 dues late), then Term 1 paid in part.
    const paid = await pay(h, child, 300000);
    const charged = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from fee_dues where institute_id = ${i} and seq >= 1000`,
      ),
    );
    expect(charged[0]?.n).toBe(2);
    await expectSummaryExact(i);

    // A second payment clears Term 1 for the other pupil; then the first receipt is cancelled.
    await pay(h, other, 714000);
    await expectSummaryExact(i);
    const cancelled = await send('POST', h, `/api/fees/payments/${paid.id}/cancel`, {
      reason: 'Wrong pupil',
    });
    expect(cancelled.statusCode).toBe(200);
    await expectSummaryExact(i);

    // An ad-hoc concession, approved.
    const asked = await send('POST', h, '/api/fees/concessions/requests', {
      student_id: child,
      head_id: s.heads.tuition.id,
      kind: 'fixed',
      value: 50000,
      reason: 'Hardship',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ok = await send(
      'POST',
      s.director.headers,
      `/api/fees/concessions/requests/${asked.json().data.id}/review`,
      {
        decision: 'approved',
        note: '',
      },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    await expectSummaryExact(i);

    // Folded up: a row a key, the same figures (the hourly work, over every institute).
    const rows = async () =>
      rowsOf<{ n: number; keys: number }>(
        await db().execute(sql`select count(*)::int as n,
          count(distinct (instalment, from_on, until_on, oldest_due_on))::int as keys
          from fee_due_totals where institute_id = ${i}`),
      )[0];
    expect((await rows())?.n).toBeGreaterThan((await rows())?.keys ?? 0);
    await compactAllDueTotals(db());
    const folded = await rows();
    expect(folded?.n).toBe(folded?.keys);
    await expectSummaryExact(i);

    // The defaulter list reads it: Ananya owes Term 1 less the concession, plus the fine charged.
    const list = await send('GET', h, '/api/fees/defaulters?limit=25');
    expect(list.statusCode).toBe(200);
    const [scratch] = await fromScratch(i, today, '');
    expect(list.json().data.items).toEqual([
      expect.objectContaining({ student_id: child, overdue_paise: scratch?.paise, days_overdue: 12 }),
    ]);
  });

  it('is rebuilt from fee_dues whatever it held, and holds nothing for a student with nothing open', async () => {
    const s = await billedSchool();
    const i = s.institute.id;
    await db().execute(sql`update fee_due_summaries set overdue_paise = 1 where institute_id = ${i}`);
    await refreshDueSummaries(db(), i, [s.students.child.id, s.students.other.id]);
    // The kept totals follow the summary's changes, so a row changed behind refreshDueSummaries'
    // back (here, by hand) puts them out; nothing else writes either table.
    expect(await expectSummaryExact(i, { kept: false })).toBeGreaterThan(0);
    await pay(s.admin.headers, s.students.child.id, 1200000);
    const left = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from fee_due_summaries
        where institute_id = ${i} and student_id = ${s.students.child.id}`),
    );
    expect(left[0]?.n).toBe(0);
  });
});
