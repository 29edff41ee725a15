import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * A Razorpay order made for a parent's payment (issue 14 item 12). `created` until the gateway's
 * verified webhook posts its receipt (`paid`, with the receipt's id and the gateway payment id).
 */
export const feeOnlineOrders = tenantTable(
  'fee_online_orders',
  {
    studentId: uuid('student_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    status: text('status').$type<'created' | 'paid'>().notNull().default('created'),
    gatewayPaymentId: text('gateway_payment_id'),
    paymentId: uuid('payment_id'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fee_online_orders_gateway_idx').on(t.gatewayOrderId),
    index('fee_online_orders_student_idx').on(t.instituteId, t.studentId),
  ],
);
export type FeeOnlineOrderRow = typeof feeOnlineOrders.$inferSelect;

/**
 * Every verified webhook event, once (its id is the key: a replay finds it and changes nothing).
 * Platform-wide: the gateway account is the platform's, and an event for an unknown order has no
 * institute. `outcome`: `posted` (a receipt), `ignored` (the order was already paid by this
 * payment), `refund` (money with no order of ours, or a second payment of a paid order: flagged
 * for refund, never posted).
 */
export const razorpayEvents = pgTable(
  'razorpay_events',
  {
    eventId: text('event_id').primaryKey(),
    event: text('event').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    instituteId: uuid('institute_id'),
    outcome: text('outcome').$type<'posted' | 'ignored' | 'refund'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('razorpay_events_refund_idx').on(t.outcome).where(sql`${t.outcome} = 'refund'`)],
);
