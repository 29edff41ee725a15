import { z } from 'zod';
import { defineMessages } from '../messages';

/**
 * Refunds of flagged online payments (issue 14 item 12): money the gateway captured that posted no
 * receipt (no order of ours, or a second payment of an order already paid) is flagged by the
 * webhook; the accountant refunds it through Razorpay, once.
 */
export const REFUND_MESSAGES = defineMessages('fees', {
  refundNotFound: 'No flagged payment with this id',
  refundDone: 'This payment is already refunded',
  refundRefused: 'The payment gateway refused the refund',
  refunded: 'Refunded',
} as const);

export const REFUND_STATES = ['requested', 'processed'] as const;

export const flaggedPaymentSchema = z.object({
  /** Razorpay's payment id (`pay_…`). */
  payment_id: z.string(),
  order_id: z.string().nullable(),
  amount_paise: z.number(),
  received_at: z.string(),
  refund: z
    .object({
      state: z.enum(REFUND_STATES),
      refund_id: z.string().nullable(),
      refunded_at: z.string().nullable(),
      refunded_by: z.string(),
    })
    .nullable(),
});
export type FlaggedPayment = z.infer<typeof flaggedPaymentSchema>;

export const refundInputSchema = z.object({
  payment_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((s) => /^pay_[\w-]+$/.test(s)),
});
export type RefundInput = z.output<typeof refundInputSchema>;
