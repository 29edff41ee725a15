import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';
import { WEBHOOK_PATH } from './online.routes';
import type { Webhook } from './razorpay.test-gateway';

// Refunds go through the `razorpay` SDK to the test gateway (the local stand-in for Razorpay's
// HTTP API, which keeps the payments it captured and answers the refunds API), as in production.
const t = useTestApp();

const { send, billedSchool, dues } = feesKit(() => t);
type Headers = Record<string, string>;

function gateway() {
  const test = t.app.razorpay?.test;
  if (!test) throw new Error('tests run with the test gateway');
  return test;
}

/** The gateway's refunds of one payment (the stand-in lives as long as the test app). */
const refundsOf = (paymentId: string) => gateway().refunds.filter((r) => r.payment_id === paymentId);

const deliver = (hook: Webhook) =>
  t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: hook.headers, payload: hook.body });

/** The parent's order paid twice at the gateway: the first posts its receipt, the second is flagged. */
async function paidTwice(headers: Headers, studentId: string, amount: number) {
  const res = await send('POST', headers, '/api/fees/online/orders', {
    student_id: studentId,
    amount_paise: amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.order_id as string;
  const first = gateway().pay(orderId);
  expect((await deliver(first.webhooks[0] as Webhook)).json().data.outcome).toBe('posted');
  const second = gateway().pay(orderId);
  expect((await deliver(second.webhooks[0] as Webhook)).json().data.outcome).toBe('refund');
  return { orderId, flagged: second.checkout.razorpay_payment_id };
}

describe('refunds of flagged online payments', () => {
  it('lists the flagged payment and refunds it through the gateway once, posting nothing', async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const { orderId, flagged } = await paidTwice(s.parent.headers, child, 500000);
    const owed = (await dues(s.admin.headers, child)).total_due_paise;

    const list = await send('GET', s.admin.headers, '/api/fees/online/flagged');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items).toEqual([
      {
        payment_id: flagged,
        order_id: orderId,
        amount_paise: 500000,
        received_at: expect.any(String),
        refund: null,
      },
    ]);
    // Refunding needs fees:cancel: not a teacher's, not a parent's.
    for (const who of [s.teacher, s.parent]) {
      expect((await send('GET', who.headers, '/api/fees/online/flagged')).statusCode).toBe(403);
      expect(
        (await send('POST', who.headers, '/api/fees/online/refunds', { payment_id: flagged })).statusCode,
      ).toBe(403);
    }

    const done = await send('POST', s.admin.headers, '/api/fees/online/refunds', { payment_id: flagged });
    expect(done.statusCode, done.body).toBe(200);
    const refund = done.json().data.refund;
    expect(refund).toMatchObject({ state: 'processed', refunded_by: expect.stringMatching(/^Test admin/) });
    expect(refundsOf(flagged).map((r) => [r.id, r.payment_id, r.amount, r.receipt])).toEqual([
      [refund.refund_id, flagged, 500000, `refund-${flagged}`],
    ]);
    expect(gateway().payments.get(flagged)).toMatchObject({ status: 'refunded', amount_refunded: 500000 });

    // Once: asked again it is a 409 and the gateway is not asked again.
    const again = await send('POST', s.admin.headers, '/api/fees/online/refunds', { payment_id: flagged });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('fees.refundDone');
    expect(refundsOf(flagged)).toHaveLength(1);
    // The list shows it refunded; the dues are as they were (a refund posts nothing).
    expect(
      (await send('GET', s.admin.headers, '/api/fees/online/flagged')).json().data.items[0].refund,
    ).toEqual(refund);
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(owed);
  });

  it('two refunds at once make one; a retry after the gateway refunded finds that refund', async () => {
    const s = await billedSchool();
    const { flagged } = await paidTwice(s.parent.headers, s.students.child.id, 300000);
    const both = await Promise.all(
      [1, 2].map(() => send('POST', s.admin.headers, '/api/fees/online/refunds', { payment_id: flagged })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refundsOf(flagged)).toHaveLength(1);

    // The gateway refunded a second flagged payment but our answer was lost before the commit.
    const other = await paidTwice(s.parent.headers, s.students.child.id, 200000);
    const made = await t.app.razorpay?.client.payments.refund(other.flagged, {
      amount: 200000,
      receipt: `refund-${other.flagged}`,
    });
    const retried = await send('POST', s.admin.headers, '/api/fees/online/refunds', {
      payment_id: other.flagged,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.refund.refund_id).toBe(made?.id);
    expect(refundsOf(other.flagged)).toHaveLength(1);
  });

  it("another institute's payment, an unknown one and a bad id are refused with a code", async () => {
    const s = await billedSchool();
    const { flagged } = await paidTwice(s.parent.headers, s.students.child.id, 100000);
    const elsewhere = await makeSchool(t.app, 'Other');
    const theirs = await send('POST', elsewhere.admin.headers, '/api/fees/online/refunds', {
      payment_id: flagged,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('fees.refundNotFound');
    expect(
      (await send('GET', elsewhere.admin.headers, '/api/fees/online/flagged')).json().data.items,
    ).toEqual([]);
    const unknown = await send('POST', s.admin.headers, '/api/fees/online/refunds', {
      payment_id: 'pay_unknown',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await send('POST', s.admin.headers, '/api/fees/online/refunds', { payment_id: 'order_1' });
    expect(bad.statusCode).toBe(400);
    expect(refundsOf(flagged)).toHaveLength(0);
  });
});
