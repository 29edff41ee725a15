import { z } from 'zod';
import { defineMessages } from '../messages';
import { amountPaise } from './fees';

/**
 * Online payment (issue 14 item 12): a parent pays dues through Razorpay. The server makes the
 * order, Checkout takes the money, and only the gateway's signed webhook posts the receipt.
 */
export const ONLINE_MESSAGES = defineMessages('fees', {
  onlineAmountAboveDues: 'The amount is more than what is due',
  onlineNothingDue: 'Nothing is due for this student',
  onlineGatewayDown: 'The payment gateway did not answer; please try again',
  onlineOrderNotFound: 'Payment order not found',
  onlineSignatureInvalid: 'The payment signature does not match',
  onlineWebhookSignature: 'The webhook signature does not match',
  onlineWebhookStale: 'The webhook is too old',
  onlineWebhookInvalid: 'The webhook body is not a Razorpay event',
  onlinePaymentSeen: 'Payment received, confirming…',
  onlineUnavailable: 'Online payment is not available',
} as const);

/** A payment may carry this much above the dues (a rounding or a fine of a few days): ₹1,000. */
export const ONLINE_MARGIN_PAISE = 1_000_00;
/** A webhook older than this (by its `created_at`) is refused as a replay from long ago. */
export const WEBHOOK_MAX_AGE_SECONDS = 15 * 60;

export const onlineOrderInputSchema = z.object({ student_id: z.uuid(), amount_paise: amountPaise });
export type OnlineOrderInput = z.output<typeof onlineOrderInputSchema>;

export const ONLINE_ORDER_STATUSES = ['created', 'paid'] as const;

export const onlineOrderSchema = z.object({
  id: z.uuid(),
  student_id: z.uuid(),
  amount_paise: z.number(),
  status: z.enum(ONLINE_ORDER_STATUSES),
  /** Razorpay's order id (`order_…`): what Checkout opens. */
  order_id: z.string(),
  /** The public key Checkout is opened with. */
  key_id: z.string(),
  currency: z.literal('INR'),
  /** Where Checkout runs: Razorpay's checkout.js, or the built-in test gateway's page (no keys). */
  checkout: z.enum(['razorpay', 'test']),
  /** The receipt the webhook posted, once it has. */
  payment_id: z.uuid().nullable(),
  receipt_no: z.string().nullable(),
});
export type OnlineOrder = z.infer<typeof onlineOrderSchema>;

/** What Checkout hands the browser after a payment (its handler's argument). */
export const onlineVerifySchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, ONLINE_MESSAGES.onlineSignatureInvalid),
});
export type OnlineVerifyInput = z.output<typeof onlineVerifySchema>;

/** The parts of a Razorpay webhook event we read (the rest passes through unread). */
export const razorpayEventSchema = z.looseObject({
  event: z.string().max(64),
  created_at: z.number().int(),
  payload: z.looseObject({
    payment: z
      .looseObject({
        entity: z.looseObject({
          id: z.string().min(1).max(64),
          amount: z.number().int().min(0),
          /** Razorpay sends it on every payment; a payment in another currency is never posted. */
          currency: z.string().max(8).optional(),
          order_id: z.string().max(64).nullish(),
        }),
      })
      .optional(),
  }),
});
export type RazorpayEvent = z.output<typeof razorpayEventSchema>;

export const webhookHeadersSchema = z.looseObject({
  'x-razorpay-event-id': z.string().trim().min(1).max(64),
});

export const WEBHOOK_OUTCOMES = ['posted', 'ignored', 'refund', 'replay', 'skipped'] as const;
