import { FEE_MESSAGES } from '@schooliko/common/fees/fees';
import {
  ONLINE_MARGIN_PAISE,
  ONLINE_MESSAGES,
  type OnlineOrder,
  type OnlineOrderInput,
  type OnlineVerifyInput,
  type RazorpayEvent,
  WEBHOOK_MAX_AGE_SECONDS,
} from '@schooliko/common/fees/online';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, inInstitute } from '../../kit/scope';
import { institutes } from '../../platform/institutes';
import type { NotificationPublisher } from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { findStudent } from '../students';
import { feePayments } from './fees.table';
import { feeOnlineOrders, razorpayEvents } from './online.table';
import { postPayment } from './payments.service';
import { checkoutSignatureMatches, type Gateway } from './razorpay.gateway';
import { duesOf } from './student-dues.read';

type OrderRow = typeof feeOnlineOrders.$inferSelect;

/** Refuses an amount the student does not owe (a little above the dues is allowed: a fine since). */
export async function checkOrderAmount(tx: Db, actor: Actor, input: OnlineOrderInput): Promise<void> {
  const { total_due_paise: due } = await duesOf(tx, actor, input.student_id);
  if (due <= 0) throw httpError(400, ONLINE_MESSAGES.onlineNothingDue);
  // Razorpay takes ₹1 at least.
  if (input.amount_paise < 100) throw httpError(400, FEE_MESSAGES.amountInvalid);
  if (input.amount_paise > due + ONLINE_MARGIN_PAISE)
    throw httpError(400, ONLINE_MESSAGES.onlineAmountAboveDues);
}

/** Keeps the order the gateway made: the student's, for this amount, `created`. */
export async function saveOrder(tx: Db, actor: Actor, input: OnlineOrderInput, gatewayOrderId: string) {
  const [row] = await tx
    .insert(feeOnlineOrders)
    .values({
      instituteId: actor.institute.id,
      studentId: input.student_id,
      amountPaise: input.amount_paise,
      gatewayOrderId,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('order not saved');
  return row;
}

export async function orderAnswer(tx: Db, gateway: Gateway, row: OrderRow): Promise<OnlineOrder> {
  const [receipt] = row.paymentId
    ? await tx
        .select({ no: feePayments.receiptNo })
        .from(feePayments)
        .where(and(eq(feePayments.instituteId, row.instituteId), eq(feePayments.id, row.paymentId)))
    : [];
  return {
    id: row.id,
    student_id: row.studentId,
    amount_paise: row.amountPaise,
    status: row.status,
    order_id: row.gatewayOrderId,
    key_id: gateway.keyId,
    currency: 'INR',
    checkout: gateway.checkout,
    payment_id: row.paymentId,
    receipt_no: receipt?.no ?? null,
  };
}

/** An order of the institute whose student the caller may see (404 otherwise). */
export async function findOrder(tx: Db, actor: Actor, where: { id?: string; gatewayOrderId?: string }) {
  const [row] = await tx
    .select()
    .from(feeOnlineOrders)
    .where(
      and(
        eq(feeOnlineOrders.instituteId, actor.institute.id),
        where.id
          ? eq(feeOnlineOrders.id, where.id)
          : eq(feeOnlineOrders.gatewayOrderId, where.gatewayOrderId ?? ''),
      ),
    );
  if (!row) throw httpError(404, ONLINE_MESSAGES.onlineOrderNotFound);
  await findStudent(tx, actor, row.studentId).catch(() => {
    throw httpError(404, ONLINE_MESSAGES.onlineOrderNotFound);
  });
  return row;
}

/**
 * The browser's word that Checkout took the money: its signature is checked, and the answer is
 * only a hint ("payment received, confirming…"). Nothing is marked paid here: the webhook does.
 */
export async function verifyCheckout(tx: Db, actor: Actor, gateway: Gateway, input: OnlineVerifyInput) {
  const row = await findOrder(tx, actor, { gatewayOrderId: input.razorpay_order_id });
  if (
    !checkoutSignatureMatches(
      gateway,
      row.gatewayOrderId,
      input.razorpay_payment_id,
      input.razorpay_signature,
    )
  )
    throw httpError(400, ONLINE_MESSAGES.onlineSignatureInvalid);
  return orderAnswer(tx, gateway, row);
}

/** Who posts a webhook's receipt: the parent who made the order, with the counter's rights. */
async function webhookActor(db: Db, order: OrderRow): Promise<Actor> {
  const [institute] = await db.select().from(institutes).where(eq(institutes.id, order.instituteId));
  if (!institute) throw new Error('institute of the order is gone');
  return {
    userId: order.createdBy,
    instituteId: institute.id,
    role: 'admin',
    familyId: '',
    isOperator: false,
    institute,
    roles: [],
    jobSets: [],
    permissions: ['students:read', 'fees:read', 'fees:collect'],
  };
}

export type WebhookOutcome = 'posted' | 'ignored' | 'refund' | 'replay' | 'skipped';

/**
 * A verified webhook (its signature was checked on the raw body before it was parsed). Only
 * `payment.captured` and `order.paid` are read; each event id is kept once, so a replay changes
 * nothing. The first event of a payment posts its receipt through the counter's posting path
 * (mode `online`, reference = the gateway's payment id) and marks the order paid; the other
 * finds it paid. Money with no order of ours, or a second payment of a paid order, is recorded
 * and flagged for refund, never posted.
 */
export async function receiveWebhook(
  db: Db,
  hub: NotificationPublisher,
  eventId: string,
  event: RazorpayEvent,
): Promise<WebhookOutcome> {
  if (Math.abs(Date.now() / 1000 - event.created_at) > WEBHOOK_MAX_AGE_SECONDS)
    throw httpError(400, ONLINE_MESSAGES.onlineWebhookStale);
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return 'skipped';
  const payment = event.payload.payment?.entity;
  if (!payment) throw httpError(400, ONLINE_MESSAGES.onlineWebhookInvalid);
  const [order] = payment.order_id
    ? await db.select().from(feeOnlineOrders).where(eq(feeOnlineOrders.gatewayOrderId, payment.order_id))
    : [];
  const record = (tx: Db, outcome: 'posted' | 'ignored' | 'refund') =>
    tx
      .insert(razorpayEvents)
      .values({
        eventId,
        event: event.event,
        gatewayOrderId: payment.order_id ?? null,
        gatewayPaymentId: payment.id,
        amountPaise: payment.amount,
        instituteId: order?.instituteId ?? null,
        outcome,
      })
      .onConflictDoNothing()
      .returning({ id: razorpayEvents.eventId });
  if (!order) {
    const [kept] = await record(db, 'refund');
    return kept ? 'refund' : 'replay';
  }
  const actor = await webhookActor(db, order);
  return inInstitute(db, order.instituteId, async (tx) => {
    // Events of one order queue here: the second sees what the first did.
    const [locked] = await tx
      .select()
      .from(feeOnlineOrders)
      .where(and(eq(feeOnlineOrders.instituteId, order.instituteId), eq(feeOnlineOrders.id, order.id)))
      .for('update');
    if (!locked) throw new Error('order vanished');
    // Only the order's own amount in rupees posts a receipt: anything else is kept for refund (issue 27).
    const asOrdered = payment.amount === locked.amountPaise && payment.currency === 'INR';
    const outcome =
      locked.status === 'created'
        ? asOrdered
          ? 'posted'
          : 'refund'
        : locked.gatewayPaymentId === payment.id
          ? 'ignored'
          : 'refund';
    const [kept] = await record(tx, outcome);
    if (!kept) return 'replay';
    if (outcome !== 'posted') return outcome;
    const receipt = await postPayment(
      tx,
      actor,
      { student_id: locked.studentId, amount_paise: payment.amount, mode: 'online', reference: payment.id },
      hub,
    );
    await tx
      .update(feeOnlineOrders)
      .set({ status: 'paid', gatewayPaymentId: payment.id, paymentId: receipt.id, paidAt: new Date() })
      .where(and(eq(feeOnlineOrders.instituteId, locked.instituteId), eq(feeOnlineOrders.id, locked.id)));
    return outcome;
  });
}
