import { todayInIndia } from '@schooliko/common/kit/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, addHead, billedSchool, dues, pay } = feesKit(() => t);
const db = () => t.app.database.db;
const daysAgo = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** Billed, a Fine head, and Term 1 due `late` days ago (Term 2 in a month). */
async function lateSchool(late: number) {
  const s = await billedSchool();
  const fine = await addHead(s.admin.headers, 'FINE', 'Late Fee', 'fine');
  await db().execute(sql`update fee_dues set due_on = case when seq = 0 then ${daysAgo(late)}::date
    else ${daysAgo(-30)}::date end where institute_id = ${s.institute.id}`);
  const rule = (cap = 25000) => ({
    academic_year_id: s.year.id,
    head_id: fine.id,
    grace_days: 5,
    cap_paise: cap,
    slabs: [
      { from_day: 1, kind: 'per_day', value: 1000 },
      { from_day: 11, kind: 'fixed', value: 20000 },
    ],
  });
  const res = await send('PUT', s.admin.headers, '/api/fees/fine-rule', rule());
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, fine, rule };
}

describe('late fine', () => {
  it('accrues per day after the grace days on unpaid principal, and is charged as Fine head dues when a payment is posted', async () => {
    const s = await lateSchool(12);
    const child = s.students.child.id;
    let d = await dues(s.admin.headers, child);
    // 12 days late, 5 of grace: 7 days × ₹10 on each Term 1 due; Term 2 is not due yet.
    expect(d.items.map((x) => [x.instalment, x.head_code, x.fine_paise])).toEqual([
      ['Term 1', 'ANN', 7000],
      ['Term 1', 'TUI', 7000],
      ['Term 2', 'TUI', 0],
    ]);
    expect(d.total_fine_paise).toBe(14000);
    const paid = await pay(s.admin.headers, child, 714000);
    d = await dues(s.admin.headers, child);
    expect(d.items.map((x) => [x.instalment, x.head_code, x.amount_paise, x.balance_paise])).toEqual([
      ['Term 1', 'ANN', 200000, 0],
      ['Term 1', 'TUI', 500000, 0],
      ['Term 1', 'FINE', 7000, 0],
      ['Term 1', 'FINE', 7000, 0],
      ['Term 2', 'TUI', 500000, 500000],
    ]);
    expect(d.total_fine_paise).toBe(0);
    const receipt = (await send('GET', s.admin.headers, `/api/fees/payments/${paid.id}`)).json().data;
    expect(
      receipt.lines
        .filter((l: { head_name: string }) => l.head_name === 'Late Fee')
        .map((l: { amount_paise: number }) => l.amount_paise),
    ).toEqual([7000, 7000]);

    // Collection has started: the slabs are locked.
    const locked = await send('PUT', s.admin.headers, '/api/fees/fine-rule', s.rule(0));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('fees.fineLocked');
    const rule = (await send('GET', s.admin.headers, '/api/fees/fine-rule')).json().data;
    expect(rule).toMatchObject({ locked: true, cap_paise: 25000 });
  });

  it('charges nothing within the grace days', async () => {
    const s = await lateSchool(5);
    expect((await dues(s.admin.headers, s.students.child.id)).total_fine_paise).toBe(0);
  });

  it('holds each due’s fine to the cap, and charges only the fine not yet charged', async () => {
    const s = await lateSchool(40);
    const child = s.students.child.id;
    // 35 days past grace: 10 × ₹10 + ₹200 = ₹300, capped at ₹250 per due.
    expect((await dues(s.admin.headers, child)).items.map((x) => x.fine_paise)).toEqual([25000, 25000, 0]);
    // A part payment charges both fines (due after their instalment's own dues) and pays the oldest.
    await pay(s.admin.headers, child, 100000);
    const d = await dues(s.admin.headers, child);
    expect(d.items.map((x) => [x.head_code, x.fine_paise, x.balance_paise])).toEqual([
      ['ANN', 0, 100000],
      ['TUI', 0, 500000],
      ['FINE', 0, 25000],
      ['FINE', 0, 25000],
      ['TUI', 0, 500000],
    ]);
  });

  it('lets a school set its first rule after collection began in the year', async () => {
    const s = await billedSchool();
    await pay(s.admin.headers, s.students.child.id, 100000);
    const fine = await addHead(s.admin.headers, 'FINE', 'Late Fee', 'fine');
    const rule = { academic_year_id: s.year.id, head_id: fine.id, grace_days: 0, cap_paise: 0 };
    const first = await send('PUT', s.admin.headers, '/api/fees/fine-rule', {
      ...rule,
      slabs: [{ from_day: 1, kind: 'fixed', value: 5000 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.locked).toBe(false);
  });

  it('takes only a head of the Fine category', async () => {
    const s = await lateSchool(1);
    const res = await send('PUT', s.admin.headers, '/api/fees/fine-rule', {
      ...s.rule(),
      head_id: s.heads.tuition.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('fees.fineHeadInvalid');
  });
});
