import { financialYearOf } from '@schooliko/common/fees/money';
import { ONLINE_MESSAGES } from '@schooliko/common/fees/online';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';
import { WEBHOOK_PATH } from './online.routes';
import { feeOnlineOrders, razorpayEvents } from './online.table';
import type { Webhook } from './razorpay.test-gateway';

// Online payment runs here exactly as in production: the routes make the order through the
// `razorpay` SDK (pointed at the test gateway, a local stand-in for Razorpay's HTTP API), the
// gateway signs the payment and its webhooks with its own secrets, and our webhook route checks
// them and posts the receipt. Nothing below marks anything paid by another way.
const t = useTestApp();

const { send, billedSchool, dues, pay } = feesKit(() => t);
const fy = financialYearOf(todayInIndia());
const no = (n: number) => `RCPT/${fy}/${String(n).padStart(5, '0')}`;
type Headers = Record<string, string>;

function gateway() {
  const test = t.app.razorpay?.test;
  if (!test) throw new Error('tests run with the test gateway');
  return test;
}

const deliver = (hook: Webhook) =>
  t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: hook.headers, payload: hook.body });

async function order(headers: Headers, studentId: string, amount: number) {
  const res = await send('POST', headers, '/api/fees/online/orders', {
    student_id: studentId,
    amount_paise: amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: string;
    order_id: string;
    key_id: string;
    status: string;
    checkout: string;
  };
}

async function receipts(headers: Headers, studentId: string) {
  const res = await send('GET', headers, `/api/fees/payments?student_id=${studentId}`);
  return (
    res.json().data.items as { receipt_no: string; mode: string; reference: string; amount_paise: number }[]
  ).map((p) => [p.receipt_no, p.mode, p.reference, p.amount_paise]);
}

describe('online payment through the test gateway', () => {
  it('the webhook, not the browser, posts one receipt; replays and the second event change nothing', async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const made = await order(s.parent.headers, child, 1200000);
    expect(made).toMatchObject({ status: 'created', checkout: 'test', key_id: t.app.razorpay?.keyId });
    expect(gateway().orders.get(made.order_id)?.amount).toBe(1200000);

    const paid = gateway().pay(made.order_id);
    const hint = await send('POST', s.parent.headers, '/api/fees/online/verify', paid.checkout);
    expect(hint.statusCode).toBe(200);
    expect(hint.json().message).toBe(ONLINE_MESSAGES.onlinePaymentSeen.text);
    expect(hint.json().data.status).toBe('created');
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1200000);

    const [captured, orderPaid] = paid.webhooks as [Webhook, Webhook];
    const first = await deliver(captured);
    expect(first.json().data.outcome, first.body).toBe('posted');
    expect((await deliver(orderPaid)).json().data.outcome).toBe('ignored');
    expect((await deliver(captured)).json().data.outcome).toBe('replay');
    expect((await deliver(orderPaid)).json().data.outcome).toBe('replay');

    const d = await dues(s.admin.headers, child);
    expect(d.total_due_paise).toBe(0);
    expect(await receipts(s.admin.headers, child)).toEqual([
      [no(1), 'online', paid.checkout.razorpay_payment_id, 1200000],
    ]);
    const status = await send('GET', s.parent.headers, `/api/fees/online/orders/${made.id}`);
    expect(status.json().data).toMatchObject({ status: 'paid', receipt_no: no(1) });
  });

  it('numbers online receipts in the same gap-free series as the counter', async () => {
    const s = await billedSchool();
    await pay(s.admin.headers, s.students.child.id, 100000);
    const made = await order(s.parent.headers, s.students.child.id, 50000);
    for (const hook of gateway().pay(made.order_id).webhooks) await deliver(hook);
    await pay(s.admin.headers, s.students.other.id, 100000);
    const all = await send('GET', s.admin.headers, '/api/fees/payments');
    expect(
      all
        .json()
        .data.items.map((p: { receipt_no: string }) => p.receipt_no)
        .sort(),
    ).toEqual([no(1), no(2), no(3)]);
  });

  it('the test checkout delivers the webhooks itself and answers as Checkout does', async () => {
    const s = await billedSchool();
    const made = await order(s.parent.headers, s.students.child.id, 700000);
    const checkout = (headers: Headers) =>
      send('POST', headers, '/api/fees/online/test-checkout', { order_id: made.order_id });
    // Only the signed-in payer who made the order (issue 27): not an anonymous call, not another
    // parent or institute, not even the office.
    expect((await checkout({})).statusCode).toBe(401);
    const elsewhere = await makeSchool(t.app, 'Other');
    expect((await checkout(elsewhere.parent.headers)).statusCode).toBe(404);
    expect((await checkout(s.admin.headers)).statusCode).toBe(404);
    expect((await dues(s.admin.headers, s.students.child.id)).total_due_paise).toBe(1200000);
    const res = await checkout(s.parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.razorpay_order_id).toBe(made.order_id);
    expect((await dues(s.admin.headers, s.students.child.id)).total_due_paise).toBe(500000);
  });
});

describe('refusals', () => {
  it('a wrong signature or a stale event is 400 with a code, and posts nothing', async () => {
    const s = await billedSchool();
    const made = await order(s.parent.headers, s.students.child.id, 1200000);
    const [hook] = gateway().pay(made.order_id).webhooks as [Webhook];
    const forged = await deliver({ ...hook, body: hook.body.replace('1200000', '1') });
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'fees.onlineWebhookSignature']);
    const unsigned = await deliver({ ...hook, headers: { 'content-type': 'application/json' } });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([400, 'fees.onlineWebhookSignature']);

    const other = await order(s.parent.headers, s.students.child.id, 1200000);
    const [old] = gateway().pay(other.order_id, new Date(Date.now() - 60 * 60 * 1000)).webhooks as [Webhook];
    const stale = await deliver(old);
    expect([stale.statusCode, stale.json().code]).toEqual([400, 'fees.onlineWebhookStale']);

    const badHint = await send('POST', s.parent.headers, '/api/fees/online/verify', {
      razorpay_order_id: made.order_id,
      razorpay_payment_id: 'pay_forged',
      razorpay_signature: 'a'.repeat(64),
    });
    expect([badHint.statusCode, badHint.json().code]).toEqual([400, 'fees.onlineSignatureInvalid']);
    expect(await receipts(s.admin.headers, s.students.child.id)).toEqual([]);
    expect(await t.database.db.select().from(razorpayEvents)).toEqual([]);
  });

  it('money with no order of ours is recorded and flagged for refund, never posted', async () => {
    const s = await billedSchool();
    const created_at = Math.floor(Date.now() / 1000);
    const entity = { id: 'pay_orphan', amount: 50000, order_id: null };
    const hook = gateway().sign({ event: 'payment.captured', payload: { payment: { entity } }, created_at });
    expect((await deliver(hook)).json().data.outcome).toBe('refund');
    expect((await deliver(hook)).json().data.outcome).toBe('replay');
    const unknown = gateway().sign({
      event: 'payment.captured',
      payload: { payment: { entity: { ...entity, id: 'pay_x', order_id: 'order_unknown' } } },
      created_at,
    });
    expect((await deliver(unknown)).json().data.outcome).toBe('refund');
    const flagged = await t.database.db
      .select()
      .from(razorpayEvents)
      .where(eq(razorpayEvents.outcome, 'refund'));
    expect(flagged.map((e) => e.gatewayPaymentId).sort()).toEqual(['pay_orphan', 'pay_x']);
    expect(await receipts(s.admin.headers, s.students.child.id)).toEqual([]);
  });

  it("a payment of another amount or currency than its order's is kept for refund, and the order stays open", async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    const made = await order(s.parent.headers, child, 700000);
    const created_at = Math.floor(Date.now() / 1000);
    const captured = (entity: object) =>
      deliver(gateway().sign({ event: 'payment.captured', payload: { payment: { entity } }, created_at }));
    const base = { order_id: made.order_id, currency: 'INR' };
    expect((await captured({ ...base, id: 'pay_zero', amount: 0 })).json().data.outcome).toBe('refund');
    expect((await captured({ ...base, id: 'pay_less', amount: 100 })).json().data.outcome).toBe('refund');
    const dollars = { ...base, id: 'pay_usd', amount: 700000, currency: 'USD' };
    expect((await captured(dollars)).json().data.outcome).toBe('refund');
    expect(await receipts(s.admin.headers, child)).toEqual([]);
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(1200000);
    const flagged = await send('GET', s.admin.headers, '/api/fees/online/flagged');
    expect(
      flagged
        .json()
        .data.items.map((r: { payment_id: string }) => r.payment_id)
        .sort(),
    ).toEqual(['pay_less', 'pay_usd', 'pay_zero']);
    // The order's own payment still posts its receipt.
    for (const hook of gateway().pay(made.order_id).webhooks) await deliver(hook);
    expect((await dues(s.admin.headers, child)).total_due_paise).toBe(500000);
  });

  it("orders only the caller's own child's dues, for an amount they owe", async () => {
    const s = await billedSchool();
    const elsewhere = await makeSchool(t.app, 'Other');
    const post = (headers: Headers, body: object) => send('POST', headers, '/api/fees/online/orders', body);
    const foreign = await post(elsewhere.admin.headers, {
      student_id: s.students.child.id,
      amount_paise: 100000,
    });
    expect(foreign.statusCode).toBe(404);
    const notMine = await post(s.parent.headers, { student_id: s.students.other.id, amount_paise: 100000 });
    expect(notMine.statusCode).toBe(404);
    const tooMuch = await post(s.parent.headers, { student_id: s.students.child.id, amount_paise: 1400000 });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([400, 'fees.onlineAmountAboveDues']);
    const float = await post(s.parent.headers, { student_id: s.students.child.id, amount_paise: '100.5' });
    expect(float.statusCode).toBe(400);
    const zero = await post(s.parent.headers, { student_id: s.students.child.id, amount_paise: 0 });
    expect(zero.json().codes.amount_paise.code).toBe('fees.amountInvalid');
    const nothingDue = await post(s.admin.headers, { student_id: s.students.older.id, amount_paise: 100000 });
    expect([nothingDue.statusCode, nothingDue.json().code]).toEqual([400, 'fees.onlineNothingDue']);
    expect(await t.database.db.select().from(feeOnlineOrders)).toEqual([]);
  });
});
