import { bigint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * The refund of a flagged online payment (razorpay_events, outcome `refund`): at most one per
 * gateway payment (the unique index), `requested` while the gateway is asked, `processed` with
 * Razorpay's refund id once it answered. Never deleted.
 */
export const feeOnlineRefunds = tenantTable(
  'fee_online_refunds',
  {
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    state: text('state').$type<'requested' | 'processed'>().notNull().default('requested'),
    gatewayRefundId: text('gateway_refund_id'),
    requestedBy: uuid('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('fee_online_refunds_payment_idx').on(t.instituteId, t.gatewayPaymentId)],
);
