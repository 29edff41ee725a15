import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { academicYears } from '../classes/classes.table';
import { feeDues } from './fees.table';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, addHead, billedSchool, approveRule, generate, dues, pay } = feesKit(() => t);
const db = () => t.app.database.db;
const today = todayInIndia();
const fy = financialYearOf(today);
const no = (n: number, prefix = 'RCPT') => `${prefix}/${fy}/${String(n).padStart(5, '0')}`;
type Headers = Record<string, string>;

async function drained(headers: Headers, jobId: string) {
  await t.app.jobs.drain();
  const job = (await send('GET', headers, `/api/jobs/${jobId}`)).json().data;
  expect(job.status).toBe('done');
  return job.result;
}

describe('exam fees', () => {
  it("bills an exam head once to every enrolled student of the chosen classes, and counts what's collected", async () => {
    const s = await billedSchool();
    const h = s.admin.headers;
    const exam = await addHead(h, 'EXM', 'Examination Fee', 'exam');
    const body = {
      academic_year_id: s.year.id,
      name: 'Term 1 Examination',
      head_id: exam.id,
      due_on: '2026-09-15',
      classes: [
        { class_id: s.classes.seven.id, amount_paise: 75000 },
        { class_id: s.classes.eight.id, amount_paise: 60000 },
      ],
    };
    const res = await send('POST', h, '/api/fees/exam-fees', body);
    expect(res.statusCode, res.body).toBe(202);
    const { item, job_id } = res.json().data;
    expect(await drained(h, job_id)).toEqual({ dues_created: 3, students: 3 });

    // Billing it again creates nothing twice; nor does regenerating the class's structure cancel it.
    const again = await send('POST', h, `/api/fees/exam-fees/${item.id}/bill`);
    expect(again.statusCode).toBe(202);
    expect(await drained(h, again.json().data.job_id)).toEqual({ dues_created: 0, students: 3 });
    await generate(h, [s.structure.id]);

    const child = await dues(h, s.students.child.id);
    expect(
      child.items.filter((d) => d.head_code === 'EXM').map((d) => [d.instalment, d.amount_paise]),
    ).toEqual([['Term 1 Examination', 75000]]);
    expect(child.total_due_paise).toBe(1275000);

    // Riya (VIII) owes only the exam fee: the counter collects it like any due.
    const riya = s.students.older.id;
    expect((await dues(h, riya)).total_due_paise).toBe(60000);
    await pay(h, riya, 60000);
    expect((await dues(h, riya)).total_due_paise).toBe(0);

    const list = (await send('GET', h, `/api/fees/exam-fees?academic_year_id=${s.year.id}`)).json().data;
    expect(list.pagination.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      name: 'Term 1 Examination',
      head_name: 'Examination Fee',
      due_on: '2026-09-15',
      classes: [
        { class_id: s.classes.seven.id, class_name: 'VII', amount_paise: 75000 },
        { class_id: s.classes.eight.id, class_name: 'VIII', amount_paise: 60000 },
      ],
      billed: 3,
      billed_paise: 210000,
      collected_paise: 60000,
      outstanding_paise: 150000,
    });

    // The same name again is a 409; a head not of the Exam category a 400; a teacher may not.
    const taken = await send('POST', h, '/api/fees/exam-fees', body);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'fees.examNameTaken']);
    const wrong = await send('POST', h, '/api/fees/exam-fees', {
      ...body,
      name: 'Unit test',
      head_id: s.heads.tuition.id,
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'fees.examHeadInvalid']);
    expect((await send('POST', s.teacher.headers, '/api/fees/exam-fees', body)).statusCode).toBe(403);
  });
});

describe('cheque bounce', () => {
  it('reverses the receipt, adds the bounce fine once, and never reuses the number', async () => {
    const s = await billedSchool();
    const h = s.admin.headers;
    await addHead(h, 'FIN', 'Late Fine', 'fine');
    expect((await send('PUT', h, '/api/fees/bounce-fine', { amount_paise: 50000 })).statusCode).toBe(200);
    expect((await send('GET', h, '/api/fees/bounce-fine')).json().data).toEqual({ amount_paise: 50000 });
    const child = s.students.child.id;
    const cheque = await pay(h, child, 300000, 'cheque', 'CHQ 112233 SBI');
    expect((await dues(h, child)).total_due_paise).toBe(900000);

    const res = await send('POST', h, `/api/fees/payments/${cheque.id}/bounce`, {
      bank_reason: 'Insufficient funds',
      add_fine: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      receipt_no: no(1),
      status: 'cancelled',
      reversal: { receipt_no: no(1, 'RCPT-R'), reason: 'Cheque bounced: Insufficient funds', bounced: true },
    });
    const d = await dues(h, child);
    expect(d.items.map((x) => [x.head_code, x.instalment, x.amount_paise, x.paid_paise])).toEqual(
      expect.arrayContaining([
        ['ANN', 'Term 1', 200000, 0],
        ['TUI', 'Term 1', 500000, 0],
        ['FIN', `Cheque bounce ${no(1)}`, 50000, 0],
      ]),
    );
    expect(d.total_due_paise).toBe(1250000);

    // Again: 409, and still one fine.
    const twice = await send('POST', h, `/api/fees/payments/${cheque.id}/bounce`, {
      bank_reason: 'Insufficient funds',
      add_fine: true,
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'fees.alreadyCancelled']);
    expect((await dues(h, child)).total_due_paise).toBe(1250000);

    // Cash cannot bounce; the next receipt takes the next number.
    const cash = await pay(h, child, 1000, 'cash');
    expect(cash.receipt_no).toBe(no(2));
    const refused = await send('POST', h, `/api/fees/payments/${cash.id}/bounce`, { bank_reason: 'x y' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'fees.notCheque']);
    expect((await send('GET', h, `/api/fees/payments/${cash.id}`)).json().data.status).toBe('posted');

    // A DD without a fine asked: reversed, no fine due added.
    const dd = await pay(h, s.students.other.id, 200000, 'dd', 'DD 4455');
    const plain = await send('POST', h, `/api/fees/payments/${dd.id}/bounce`, { bank_reason: 'Stale DD' });
    expect(plain.statusCode).toBe(200);
    expect((await dues(h, s.students.other.id)).total_due_paise).toBe(1200000);
    expect(
      (await send('POST', s.teacher.headers, `/api/fees/payments/${dd.id}/bounce`, { bank_reason: 'ab' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses the fine without a Fine fee type, and changes nothing', async () => {
    const s = await billedSchool();
    const h = s.admin.headers;
    await send('PUT', h, '/api/fees/bounce-fine', { amount_paise: 50000 });
    const cheque = await pay(h, s.students.child.id, 300000, 'cheque', 'CHQ 9');
    const res = await send('POST', h, `/api/fees/payments/${cheque.id}/bounce`, {
      bank_reason: 'Signature differs',
      add_fine: true,
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'fees.fineHeadMissing']);
    expect((await send('GET', h, `/api/fees/payments/${cheque.id}`)).json().data.status).toBe('posted');
  });
});

describe('previous-year dues carried forward', () => {
  it("closes the old year's balances by a transfer and carries the total as one due of the new year", async () => {
    const s = await billedSchool();
    const h = s.admin.headers;
    const i = s.institute.id;
    const [old] = await db()
      .insert(academicYears)
      .values({
        instituteId: i,
        name: '2025-26',
        startsOn: '2025-04-01',
        endsOn: '2026-03-31',
        isCurrent: false,
      })
      .returning();
    if (!old) throw new Error('year not made');
    const child = s.students.child.id;
    const oldDue = (headId: string, seq: number, dueOn: string, amountPaise: number) => ({
      instituteId: i,
      studentId: child,
      sourceKind: 'structure' as const,
      sourceId: old.id,
      academicYearId: old.id,
      headId,
      seq,
      instalment: `Term ${seq + 1}`,
      dueOn,
      amountPaise,
    });
    await db()
      .insert(feeDues)
      .values([
        oldDue(s.heads.tuition.id, 0, '2025-04-10', 300000),
        oldDue(s.heads.tuition.id, 1, '2025-10-10', 150000),
      ]);
    // Part paid at the counter (oldest first: the old year's Term 1).
    const paid = await pay(h, child, 100000);
    const body = { from_year_id: old.id, to_year_id: s.year.id };
    const preview = await send(
      'GET',
      h,
      `/api/fees/carry-forward?from_year_id=${old.id}&to_year_id=${s.year.id}`,
    );
    expect(preview.json().data).toMatchObject({ students: 1, total_paise: 350000, carried_students: 0 });

    const res = await send('POST', h, '/api/fees/carry-forward', body);
    expect(res.statusCode, res.body).toBe(202);
    expect(await drained(h, res.json().data.job_id)).toEqual({ students: 1 });
    // Again: nobody twice.
    const again = await send('POST', h, '/api/fees/carry-forward', body);
    expect(await drained(h, again.json().data.job_id)).toEqual({ students: 0 });

    const d = await dues(h, child);
    expect(
      d.items.map((x) => [x.head_code, x.instalment, x.amount_paise, x.paid_paise, x.balance_paise]),
    ).toEqual([
      ['TUI', 'Term 1', 300000, 300000, 0],
      ['TUI', 'Term 2', 150000, 150000, 0],
      ['PREV-DUES', 'Previous year dues 2025-26', 350000, 0, 350000],
      ['ANN', 'Term 1', 200000, 0, 200000],
      ['TUI', 'Term 1', 500000, 0, 500000],
      ['TUI', 'Term 2', 500000, 0, 500000],
    ]);
    expect(d.total_due_paise).toBe(1550000);
    expect(d.advance_paise).toBe(0);

    // The auditor's trail: the transfer (non-cash, numbered CF/…) and the carry row tie old to new.
    const trail = (
      (await db().execute(sql`select p.kind, p.receipt_no, p.amount_paise::int as amount, p.mode, c.amount_paise::int as carried,
          (select sum(a.amount_paise)::int from fee_allocations a where a.payment_id = p.id) as allocated,
          (select d.amount_paise::int from fee_dues d where d.id = c.due_id) as new_due
        from fee_carry_forwards c join fee_payments p on p.id = c.transfer_id where c.student_id = ${child}`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(trail).toEqual([
      {
        kind: 'transfer',
        receipt_no: `CF/${fy}/00001`,
        amount: 350000,
        mode: 'transfer',
        carried: 350000,
        allocated: 350000,
        new_due: 350000,
      },
    ]);
    const history = (
      (await db().execute(
        sql`select action from audit_log where entity_id = ${child} and action = 'fees-carry-forward'`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(history).toHaveLength(1);

    // Not collection: today's report counts the counter receipt only.
    const day = (await send('GET', h, `/api/fees/collection?on=${today}`)).json().data;
    expect([day.receipts, day.total_paise]).toEqual([1, 100000]);
    // The defaulter list shows the carried due (due at the new year's start).
    const defaulters = (await send('GET', h, `/api/fees/defaulters?search=Ananya`)).json().data;
    expect(defaulters.items[0].instalments[0]).toBe('Previous year dues 2025-26');
    const after = await send(
      'GET',
      h,
      `/api/fees/carry-forward?from_year_id=${old.id}&to_year_id=${s.year.id}`,
    );
    expect(after.json().data).toMatchObject({
      students: 0,
      total_paise: 0,
      carried_students: 1,
      carried_paise: 350000,
    });

    // Paying the carried due at the counter: it is the oldest, so paid first, and receipted by head.
    const next = await pay(h, child, 350000);
    const receipt = (await send('GET', h, `/api/fees/payments/${next.id}`)).json().data;
    expect(receipt.lines).toEqual([
      { head_name: 'Previous year dues', instalment: 'Previous year dues 2025-26', amount_paise: 350000 },
    ]);
    expect(receipt.receipt_no).toBe(no(2));
    expect(paid.receipt_no).toBe(no(1));

    const backwards = await send('POST', h, '/api/fees/carry-forward', {
      from_year_id: s.year.id,
      to_year_id: old.id,
    });
    expect([backwards.statusCode, backwards.json().code]).toEqual([400, 'fees.carrySameYear']);
    expect((await send('POST', s.teacher.headers, '/api/fees/carry-forward', body)).statusCode).toBe(403);
  });
});

describe('concession rules: change and deactivate', () => {
  it('changes the amount only while unused, then only deactivates; the register filters and totals', async () => {
    const s = await billedSchool();
    const h = s.admin.headers;
    const add = async (body: object) => {
      const res = await send('POST', h, '/api/fees/concessions/rules', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string };
    };
    // Nobody is named yet: unused, so its amount may change.
    const merit = await add({
      name: 'Merit',
      basis: 'merit',
      head_id: s.heads.tuition.id,
      kind: 'percent',
      value: 10,
    });
    const changed = await send('PATCH', h, `/api/fees/concessions/rules/${merit.id}`, { value: 20 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ value: 20, used: false, active: true });
    await send('POST', h, `/api/fees/concessions/rules/${merit.id}/students`, {
      student_ids: [s.students.child.id],
    });
    await approveRule(s, merit.id);
    expect((await dues(h, s.students.child.id)).total_due_paise).toBe(1000000);

    const used = await send('PATCH', h, `/api/fees/concessions/rules/${merit.id}`, { value: 50 });
    expect([used.statusCode, used.json().code]).toEqual([409, 'fees.ruleUsed']);
    const renamed = await send('PATCH', h, `/api/fees/concessions/rules/${merit.id}`, {
      name: 'Merit scholarship',
    });
    expect(renamed.json().data).toMatchObject({ name: 'Merit scholarship', value: 20, used: true });

    const off = await send('POST', h, `/api/fees/concessions/rules/${merit.id}/deactivate`);
    expect(off.json().data).toMatchObject({ active: false, applied_paise: 200000 });
    // Named again after deactivation: nothing more is given; what was given stays.
    await send('POST', h, `/api/fees/concessions/rules/${merit.id}/students`, {
      student_ids: [s.students.other.id],
    });
    const stopped = await send('POST', s.director.headers, `/api/fees/concessions/rules/${merit.id}/review`, {
      decision: 'approved',
    });
    expect([stopped.statusCode, stopped.json().code]).toEqual([409, 'fees.ruleInactive']);
    expect((await dues(h, s.students.other.id)).total_due_paise).toBe(1200000);
    expect((await dues(h, s.students.child.id)).total_due_paise).toBe(1000000);

    const reg = (
      await send('GET', h, `/api/fees/concessions/register?basis=merit&class_id=${s.classes.seven.id}`)
    ).json().data;
    expect(reg.pagination.total).toBe(2);
    expect(reg.total_paise).toBe(200000);
    expect(reg.items[0]).toMatchObject({
      student_name: 'Ananya Deshpande',
      admission_no: '2026/001',
      class_label: 'VII-A',
    });
    expect((await send('GET', h, '/api/fees/concessions/register?basis=rte')).json().data.total_paise).toBe(
      0,
    );
    const csv = await send('GET', h, '/api/fees/concessions/register/export?basis=merit');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter((l) => l.trim()).length).toBe(3);
    expect(csv.body).toContain('Ananya Deshpande');
  });
});
