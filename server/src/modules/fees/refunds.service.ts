import { type FlaggedPayment, REFUND_MESSAGES } from '@schooliko/common/fees/refunds';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { users } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { razorpayEvents } from './online.table';
import type { Gateway } from './razorpay.gateway';
import { feeOnlineRefunds } from './refunds.table';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The institute's flagged online payments (the webhook's `refund` outcome: a second payment of an
 * order already paid), newest first, each with its refund if one was made. Money with no order of
 * ours has no institute: the platform's operators see it, not a school.
 */
export async function listFlagged(tx: Db, actor: Actor): Promise<FlaggedPayment[]> {
  const i = actor.institute.id;
  const found = await tx
    .selectDistinctOn([razorpayEvents.gatewayPaymentId], {
      paymentId: razorpayEvents.gatewayPaymentId,
      orderId: razorpayEvents.gatewayOrderId,
      amount: razorpayEvents.amountPaise,
      receivedAt: razorpayEvents.receivedAt,
      refund: feeOnlineRefunds,
    })
    .from(razorpayEvents)
    .leftJoin(
      feeOnlineRefunds,
      and(
        eq(feeOnlineRefunds.instituteId, i),
        eq(feeOnlineRefunds.gatewayPaymentId, razorpayEvents.gatewayPaymentId),
      ),
    )
    .where(and(eq(razorpayEvents.instituteId, i), eq(razorpayEvents.outcome, 'refund')))
    .orderBy(razorpayEvents.gatewayPaymentId, razorpayEvents.receivedAt)
    .limit(500);
  return found
    .map((r) => ({
      payment_id: r.paymentId ?? '',
      order_id: r.orderId,
      amount_paise: r.amount,
      received_at: iso(r.receivedAt) ?? '',
      refund: r.refund && {
        state: r.refund.state,
        refund_id: r.refund.gatewayRefundId,
        refunded_at: iso(r.refund.refundedAt),
        refunded_by: r.refund.requestedByName,
      },
    }))
    .sort((a, b) => b.received_at.localeCompare(a.received_at));
}

type RefundEntity = { id: string; receipt?: string | null; amount?: number | string };

/**
 * Refunds one flagged payment in full through Razorpay's refunds API (the SDK), once: the refund
 * row (one per payment, its unique index) is locked for the call, so a second request waits and
 * then finds it processed (409). The refund carries a receipt of our own; a request retried after
 * the gateway refunded but before our commit finds that refund at the gateway instead of asking
 * for another.
 */
export async function refundFlagged(tx: Db, actor: Actor, gateway: Gateway, paymentId: string) {
  const i = actor.institute.id;
  const [flagged] = await tx
    .select()
    .from(razorpayEvents)
    .where(
      and(
        eq(razorpayEvents.instituteId, i),
        eq(razorpayEvents.outcome, 'refund'),
        eq(razorpayEvents.gatewayPaymentId, paymentId),
      ),
    )
    .orderBy(desc(razorpayEvents.receivedAt))
    .limit(1);
  if (!flagged) throw httpError(404, REFUND_MESSAGES.refundNotFound);
  const [user] = await tx
    .select({ name: personName(users) })
    .from(users)
    .where(eq(users.id, actor.userId));
  await tx
    .insert(feeOnlineRefunds)
    .values({
      instituteId: i,
      gatewayPaymentId: paymentId,
      amountPaise: flagged.amountPaise,
      requestedBy: actor.userId,
      requestedByName: user?.name ?? '',
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(feeOnlineRefunds)
    .where(and(eq(feeOnlineRefunds.instituteId, i), eq(feeOnlineRefunds.gatewayPaymentId, paymentId)))
    .for('update');
  if (!row) throw new Error('refund row vanished');
  if (row.state === 'processed') throw httpError(409, REFUND_MESSAGES.refundDone);
  const receipt = `refund-${paymentId}`;
  let refund: RefundEntity | undefined;
  try {
    const earlier = (await gateway.client.payments.fetchMultipleRefund(paymentId)) as unknown as {
      items: RefundEntity[];
    };
    refund = earlier.items.find((r) => r.receipt === receipt);
    refund ??= (await gateway.client.payments.refund(paymentId, {
      amount: row.amountPaise,
      receipt,
      notes: { institute_id: i, reason: 'Flagged: no receipt posted for this payment' },
    })) as unknown as RefundEntity;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw httpError(409, REFUND_MESSAGES.refundRefused);
    throw httpError(502, REFUND_MESSAGES.refundRefused);
  }
  await tx
    .update(feeOnlineRefunds)
    .set({ state: 'processed', gatewayRefundId: refund.id, refundedAt: new Date() })
    .where(and(eq(feeOnlineRefunds.instituteId, i), eq(feeOnlineRefunds.id, row.id)));
  return (await listFlagged(tx, actor)).find((f) => f.payment_id === paymentId);
}
