import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, billedSchool, dues, pay } = feesKit(() => t);
const fy = financialYearOf(todayInIndia());
const no = (n: number, prefix = 'RCPT') => `${prefix}/${fy}/${String(n).padStart(5, '0')}`;

describe('counter payments', () => {
  it('pays the oldest dues first, keeps the excess as an advance, and numbers receipts in order', async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const first = await pay(s.admin.headers, child, 300000);
    expect(first.receipt_no).toBe(no(1));
    let d = await dues(s.admin.headers, child);
    expect(d.items.map((x) => [x.instalment, x.head_code, x.paid_paise, x.status])).toEqual([
      ['Term 1', 'ANN', 200000, 'paid'],
      ['Term 1', 'TUI', 100000, 'partly-paid'],
      ['Term 2', 'TUI', 0, 'due'],
    ]);
    expect(d.total_due_paise).toBe(900000);

    const second = await pay(s.admin.headers, child, 1000000, 'upi', 'UTR 4312 9981');
    expect(second.receipt_no).toBe(no(2));
    d = await dues(s.admin.headers, child);
    expect(d.total_due_paise).toBe(0);
    expect(d.advance_paise).toBe(100000);
    expect(d.items.every((x) => x.balance_paise === 0)).toBe(true);

    const receipt = (await send('GET', s.admin.headers, `/api/fees/payments/${second.id}`)).json().data;
    expect(receipt).toMatchObject({
      receipt_no: no(2),
      student_name: 'Ananya Deshpande',
      admission_no: '2026/001',
      class_label: 'VII-A',
      amount_paise: 1000000,
      advance_paise: 100000,
      mode: 'upi',
      reference: 'UTR 4312 9981',
      status: 'posted',
      reversal: null,
      lines: [
        { head_name: 'Tuition Fee', instalment: 'Term 1', amount_paise: 400000 },
        { head_name: 'Tuition Fee', instalment: 'Term 2', amount_paise: 500000 },
      ],
    });
    const list = (await send('GET', s.admin.headers, `/api/fees/payments?student_id=${child}`)).json().data;
    expect(list.items.map((p: { receipt_no: string }) => p.receipt_no)).toEqual([no(2), no(1)]);
    expect(list.pagination.total).toBe(2);
  });

  it('cancels a receipt by a reversal: dues come back, the number stays used, twice is refused', async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const a = await pay(s.admin.headers, child, 300000);
    const cancel = await send('POST', s.admin.headers, `/api/fees/payments/${a.id}/cancel`, {
      reason: 'Wrong student',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({
      receipt_no: no(1),
      status: 'cancelled',
      reversal: { receipt_no: no(1, 'RCPT-R'), reason: 'Wrong student' },
    });
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1200000);
    const again = await send('POST', s.admin.headers, `/api/fees/payments/${a.id}/cancel`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('fees.alreadyCancelled');
    // The next receipt does not reuse the cancelled number.
    expect((await pay(s.admin.headers, child, 100)).receipt_no).toBe(no(2));
    // Only the receipt is listed, shown as cancelled.
    const list = (await send('GET', s.admin.headers, `/api/fees/payments?student_id=${child}`)).json().data
      .items;
    expect(list.map((p: { receipt_no: string; status: string }) => [p.receipt_no, p.status])).toEqual([
      [no(2), 'posted'],
      [no(1), 'cancelled'],
    ]);
  });

  it('refuses bad amounts, a reference-less cheque and another institute’s student, posting nothing', async () => {
    const s = await billedSchool();
    const other = await makeSchool(t.app, 'Other');
    const child = s.students.child.id;
    const post = (body: object) =>
      send('POST', s.admin.headers, '/api/fees/payments', { student_id: child, mode: 'cash', ...body });
    for (const amount_paise of [0, -500, 12.5, '1000', '10.50'])
      expect((await post({ amount_paise })).statusCode, String(amount_paise)).toBe(400);
    const zero = await post({ amount_paise: 0 });
    expect(zero.json().codes.amount_paise.code).toBe('fees.amountInvalid');
    const cheque = await post({ amount_paise: 100, mode: 'cheque' });
    expect(cheque.json().errors).toEqual({ reference: 'Enter the cheque, DD or transaction reference' });
    const foreign = await send('POST', s.admin.headers, '/api/fees/payments', {
      student_id: other.students.child.id,
      amount_paise: 100,
      mode: 'cash',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('students.notFound');
    expect((await send('GET', s.admin.headers, '/api/fees/payments')).json().data.pagination.total).toBe(0);
    // The first good payment still gets number 1: nothing was used up.
    expect((await pay(s.admin.headers, child, 100)).receipt_no).toBe(no(1));
  });

  it('shows a parent their own child’s dues and receipts only; they cannot collect or cancel', async () => {
    const s = await billedSchool();
    const r = await pay(s.admin.headers, s.students.child.id, 100000);
    expect((await dues(s.parent.headers, s.students.child.id)).total_due_paise).toBe(1100000);
    expect(
      (await send('GET', s.parent.headers, `/api/fees/dues?student_id=${s.students.other.id}`)).statusCode,
    ).toBe(404);
    const mine = (await send('GET', s.parent.headers, '/api/fees/payments')).json().data.items;
    expect(mine.map((p: { id: string }) => p.id)).toEqual([r.id]);
    await pay(s.admin.headers, s.students.other.id, 100);
    expect((await send('GET', s.parent.headers, '/api/fees/payments')).json().data.pagination.total).toBe(1);
    expect(
      (
        await send('POST', s.parent.headers, '/api/fees/payments', {
          student_id: s.students.child.id,
          amount_paise: 100,
          mode: 'cash',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', s.parent.headers, `/api/fees/payments/${r.id}/cancel`, { reason: 'mine' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('GET', s.teacher.headers, `/api/fees/dues?student_id=${s.students.child.id}`)).statusCode,
    ).toBe(403);
  });

  it("tells the child's guardian of a receipt in the app; their home files it under payments", async () => {
    const s = await billedSchool();
    const r = await pay(s.admin.headers, s.students.child.id, 150050);
    await pay(s.admin.headers, s.students.other.id, 100);
    const home = (await send('GET', s.parent.headers, '/api/dashboard/home')).json().data;
    expect(
      home.recent_notifications.map((n: { title: string; message: string; category: string }) => [
        n.title,
        n.message,
        n.category,
      ]),
    ).toEqual([
      ['Payment received', `₹1,500.50 received for Ananya Deshpande: receipt ${r.receipt_no}.`, 'payment'],
    ]);
  });

  it('gives 30 payments posted at once 30 distinct numbers with no gap', async () => {
    const s = await billedSchool();
    const ids = [s.students.child.id, s.students.other.id, s.students.older.id];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send('POST', s.admin.headers, '/api/fees/payments', {
          student_id: ids[i % 3],
          amount_paise: 1000 + i,
          mode: 'cash',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const numbers = results.map((r) => r.json().data.receipt_no as string).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => no(i + 1)));
    // Every rupee is accounted for: paid on dues plus advances equals what was taken.
    let accounted = 0;
    for (const id of ids) {
      const d = await dues(s.admin.headers, id);
      accounted += d.items.reduce((sum, x) => sum + x.paid_paise, 0) + d.advance_paise;
    }
    expect(accounted).toBe(Array.from({ length: 30 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0));
  });
});
