import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages, type Message } from '../messages';
import { dateField, personName } from '../people/fields';
import { optionalText } from '../profile';

/**
 * Fees (issue 14, MODULES.md section 5): fee heads, structures with instalments, the dues they
 * generate for each student, and counter payments with gap-free receipts. Money is integer paise.
 */
export const FEE_MESSAGES = defineMessages('fees', {
  headCreated: 'Fee type added',
  headSaved: 'Fee type saved',
  headNotFound: 'Fee type not found',
  headCodeTaken: 'A fee type with this code already exists',
  headCodeInvalid: 'Use capital letters, digits and - only (up to 12 characters)',
  structureCreated: 'Fee structure saved',
  structureNotFound: 'Fee structure not found',
  structureExists: 'This class already has a fee structure for this year and category',
  structureNeedsLines: 'Add at least one fee type with an amount',
  structureAmounts: 'Give one amount for each instalment',
  structureHeadsRepeat: 'Each fee type can appear only once',
  instalmentDates: 'Instalment due dates must be in order',
  generateQueued: 'Generating dues for the class',
  amountInvalid: 'Enter an amount in paise greater than zero',
  amountTooLarge: 'The amount is too large',
  referenceRequired: 'Enter the cheque, DD or transaction reference',
  paymentCollected: 'Payment received',
  paymentNotFound: 'Receipt not found',
  alreadyCancelled: 'This receipt is already cancelled',
  receiptCancelled: 'Receipt cancelled',
  reasonRequired: 'Please give the reason for cancelling',
  prefixInvalid: 'Use capital letters, digits, / and - only (up to 12 characters)',
  settingsSaved: 'Fee settings saved',
  notCheque: 'Only a receipt paid by cheque or DD can bounce',
  chequeBounced: 'Cheque bounced: the receipt is reversed',
  bankReasonRequired: "Please give the bank's reason",
  fineHeadMissing: 'Add a fee type of the Fine category first',
  bounceFineSaved: 'Bounce fine saved',
  examCreated: 'Exam fee saved: billing the classes',
  examNotFound: 'Exam fee not found',
  examNameTaken: 'An exam fee with this name already exists this year',
  examHeadInvalid: 'Choose a fee type of the Exam category',
  examClassesRepeat: 'Each class can appear only once',
  carryQueued: 'Carrying forward the unpaid dues',
  carrySameYear: 'Choose an earlier year to carry from',
  earlierBilled: 'Earlier instalments billed',
  nothingEarlier: 'No instalment before admission is left to bill',
  earlierReasonRequired: 'Please give the reason for billing the earlier instalments',
} as const);

export const FEE_CATEGORIES = [
  'tuition',
  'admission',
  'annual',
  'exam',
  'transport',
  'hostel',
  'fine',
  'misc',
] as const;
export type FeeCategory = (typeof FEE_CATEGORIES)[number];

/** `online`: paid through the payment gateway (Razorpay), its reference the gateway's payment id. */
export const PAYMENT_MODES = ['cash', 'cheque', 'dd', 'upi', 'card', 'online'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** What the counter takes: every mode but `online`, which only the gateway's webhook posts. */
export const COUNTER_MODES = PAYMENT_MODES.filter((m) => m !== 'online') as readonly Exclude<
  PaymentMode,
  'online'
>[] as ['cash', 'cheque', 'dd', 'upi', 'card'];

export const INSTALMENT_PLANS = ['annual', 'term', 'quarterly', 'monthly'] as const;
export type InstalmentPlan = (typeof INSTALMENT_PLANS)[number];

/** The largest single amount the office handles: ₹1 crore. */
export const MAX_AMOUNT_PAISE = 1_00_00_000_00;

/** An amount in paise: a whole number above zero (never a float, never a string). */
export const amountPaise = z
  .number(FEE_MESSAGES.amountInvalid)
  .int(FEE_MESSAGES.amountInvalid)
  .min(1, FEE_MESSAGES.amountInvalid)
  .max(MAX_AMOUNT_PAISE, FEE_MESSAGES.amountTooLarge);

/** A head's amount in one instalment: zero means "not in this instalment". */
const lineAmount = z
  .number(FEE_MESSAGES.amountInvalid)
  .int(FEE_MESSAGES.amountInvalid)
  .min(0, FEE_MESSAGES.amountInvalid)
  .max(MAX_AMOUNT_PAISE, FEE_MESSAGES.amountTooLarge);

const headCode = z
  .string()
  .trim()
  .refine((v) => /^[A-Z0-9][A-Z0-9-]{0,11}$/.test(v), FEE_MESSAGES.headCodeInvalid);

// ---- Fee heads ----

export const feeHeadInputSchema = z.object({
  name: personName(60),
  code: headCode,
  category: z.enum(FEE_CATEGORIES),
  /** Counts as tuition fee for the section 80C certificate. */
  counts_80c: z.boolean().default(false),
  /** Refundable deposit (caution money). */
  refundable: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type FeeHeadInput = z.output<typeof feeHeadInputSchema>;

export const feeHeadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  category: z.enum(FEE_CATEGORIES),
  counts_80c: z.boolean(),
  refundable: z.boolean(),
  active: z.boolean(),
  /** Whether any structure uses it (its code then cannot change). */
  in_use: z.boolean(),
});
export type FeeHead = z.infer<typeof feeHeadSchema>;

// ---- Structures ----

export const instalmentSchema = z.object({
  label: personName(40),
  due_on: dateField,
});

export const feeStructureInputSchema = z
  .object({
    academic_year_id: z.uuid(),
    class_id: z.uuid(),
    /** Students of this social category only (General, OBC, …); empty: everyone else in the class. */
    student_category: optionalText(20),
    plan: z.enum(INSTALMENT_PLANS),
    instalments: z.array(instalmentSchema).min(1).max(12),
    lines: z
      .array(z.object({ head_id: z.uuid(), amounts_paise: z.array(lineAmount).min(1).max(12) }))
      .max(30),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: Message) =>
      ctx.addIssue({ code: 'custom', path, ...message.issue });
    const total = v.lines.reduce((sum, l) => sum + l.amounts_paise.reduce((a, b) => a + b, 0), 0);
    if (v.lines.length === 0 || total === 0) issue(['lines'], FEE_MESSAGES.structureNeedsLines);
    v.lines.forEach((l, i) => {
      if (l.amounts_paise.length !== v.instalments.length) issue(['lines', i], FEE_MESSAGES.structureAmounts);
    });
    if (new Set(v.lines.map((l) => l.head_id)).size !== v.lines.length)
      issue(['lines'], FEE_MESSAGES.structureHeadsRepeat);
    for (let i = 1; i < v.instalments.length; i++)
      if ((v.instalments[i]?.due_on ?? '') <= (v.instalments[i - 1]?.due_on ?? ''))
        issue(['instalments', i, 'due_on'], FEE_MESSAGES.instalmentDates);
  });
export type FeeStructureInput = z.output<typeof feeStructureInputSchema>;

export const feeStructureSchema = z.object({
  id: z.uuid(),
  academic_year_id: z.uuid(),
  academic_year: z.string(),
  class_id: z.uuid(),
  class_name: z.string(),
  student_category: z.string(),
  plan: z.enum(INSTALMENT_PLANS),
  instalments: z.array(instalmentSchema),
  lines: z.array(
    z.object({
      head_id: z.uuid(),
      head_name: z.string(),
      head_code: z.string(),
      amounts_paise: z.array(z.number()),
    }),
  ),
  total_paise: z.number(),
  /** Students of the class with dues from this structure. */
  students_billed: z.number(),
});
export type FeeStructure = z.infer<typeof feeStructureSchema>;

export const feeStructureQuery = z.object({ academic_year_id: z.uuid().optional() });

// ---- Dues ----

export const DUE_STATUSES = ['due', 'partly-paid', 'paid', 'cancelled'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];

export const dueSchema = z.object({
  id: z.uuid(),
  student_id: z.uuid(),
  head_id: z.uuid(),
  head_name: z.string(),
  head_code: z.string(),
  instalment: z.string(),
  due_on: z.string(),
  amount_paise: z.number(),
  concession_paise: z.number(),
  paid_paise: z.number(),
  balance_paise: z.number(),
  /** The late fine accrued on it as of today and not yet charged (a Fine head due once collected). */
  fine_paise: z.number(),
  status: z.enum(DUE_STATUSES),
});
export type Due = z.infer<typeof dueSchema>;

/**
 * A pupil admitted during the year is billed from the instalment they joined in (issue 32); the
 * instalments before it that the office may still bill, with their total.
 */
export const earlierInstalmentsSchema = z.object({
  instalments: z.array(z.string()),
  amount_paise: z.number(),
});
export type EarlierInstalments = z.infer<typeof earlierInstalmentsSchema>;
/** Billing them takes a reason, kept in the pupil's audit log. */
export const billEarlierSchema = z.object({
  reason: z.string().trim().min(3, FEE_MESSAGES.earlierReasonRequired).max(200),
});

export const duesQuery = z.object({ student_id: z.uuid() });
export const duesAnswerSchema = z.object({
  items: z.array(dueSchema),
  total_due_paise: z.number(),
  total_fine_paise: z.number(),
  /** Paid beyond the dues: kept as an advance, never a negative due. */
  advance_paise: z.number(),
});
export type DuesAnswer = z.infer<typeof duesAnswerSchema>;

// ---- Payments and receipts ----

export const paymentInputSchema = z
  .object({
    student_id: z.uuid(),
    amount_paise: amountPaise,
    mode: z.enum(COUNTER_MODES),
    reference: optionalText(60),
  })
  .refine((v) => v.mode === 'cash' || v.reference !== '', {
    error: FEE_MESSAGES.referenceRequired.error,
    path: ['reference'],
  });
/** A payment to post: the counter's, or the webhook's (`online`). */
export type PaymentInput = Omit<z.output<typeof paymentInputSchema>, 'mode'> & { mode: PaymentMode };

export const cancelPaymentSchema = z.object({
  reason: z.string().trim().min(3, FEE_MESSAGES.reasonRequired).max(200),
});

/** A bounced cheque or DD: the bank's reason, and whether to add the bounce fine as a due. */
export const bounceSchema = z.object({
  bank_reason: z.string().trim().min(2, FEE_MESSAGES.bankReasonRequired).max(160),
  add_fine: z.boolean().default(false),
});
export type BounceInput = z.output<typeof bounceSchema>;
/** The fine a bounce adds (0: none). */
export const bounceFineSchema = z.object({
  amount_paise: z.number().int().min(0).max(MAX_AMOUNT_PAISE),
});
export const BOUNCE_MODES = ['cheque', 'dd'] as const satisfies readonly PaymentMode[];

export const PAYMENT_STATUSES = ['posted', 'cancelled'] as const;

export const paymentSchema = z.object({
  id: z.uuid(),
  receipt_no: z.string(),
  financial_year: z.string(),
  student_id: z.uuid(),
  student_name: z.string(),
  admission_no: z.string(),
  class_label: z.string(),
  paid_on: z.string(),
  amount_paise: z.number(),
  advance_paise: z.number(),
  /** What the student still owed once it was posted (null on receipts from before it was kept). */
  balance_after_paise: z.number().nullable(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string(),
  collected_by: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  lines: z.array(z.object({ head_name: z.string(), instalment: z.string(), amount_paise: z.number() })),
  /** The reversal that cancelled it: its own number, when, by whom and why. */
  reversal: z
    .object({
      receipt_no: z.string(),
      on: z.string(),
      by: z.string(),
      reason: z.string(),
      /** The cheque or DD bounced (the reversal was posted by "Cheque bounced"). */
      bounced: z.boolean(),
    })
    .nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENT_SORTS = ['created_at', 'receipt_no', 'amount'] as const;
export const paymentListQuery = pageQuery.extend({
  sort: z.enum(PAYMENT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  student_id: z.uuid().optional(),
  on: dateField.optional(),
  mode: z.enum(PAYMENT_MODES).optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

export const paymentCreatedSchema = z.object({ id: z.uuid(), receipt_no: z.string() });

// ---- Settings ----

export const feeSettingsSchema = z.object({
  receipt_prefix: z
    .string()
    .trim()
    .refine((v) => /^[A-Z0-9][A-Z0-9/-]{0,11}$/.test(v), FEE_MESSAGES.prefixInvalid),
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;
export const DEFAULT_RECEIPT_PREFIX = 'RCPT';

/** "RCPT/2026-27/00042": prefix, financial year, then the number within that year. */
export const receiptNumber = (prefix: string, financialYear: string, n: number) =>
  `${prefix}/${financialYear}/${String(n).padStart(5, '0')}`;

/** Generate the dues of one or more structures (a class each) as one job. */
export const generateDuesSchema = z.object({ structure_ids: z.array(z.uuid()).min(1).max(100) });

/** English month names, January first (fee instalments, the attendance register). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Months after the year's start at which each plan's instalments fall, and their labels. */
const PLAN_MONTHS: Record<InstalmentPlan, { offset: number; label: (month: string, i: number) => string }[]> =
  {
    annual: [{ offset: 0, label: () => 'Annual' }],
    term: [0, 6].map((offset) => ({ offset, label: (_m, i) => `Term ${i + 1}` })),
    quarterly: [0, 3, 6, 9].map((offset) => ({ offset, label: (_m, i) => `Quarter ${i + 1}` })),
    monthly: Array.from({ length: 12 }, (_, offset) => ({ offset, label: (m: string) => m })),
  };

/** A plan's instalments for a year starting on `startsOn`: each due on the 10th of its month. */
export function instalmentsFor(plan: InstalmentPlan, startsOn: string): { label: string; due_on: string }[] {
  const year = Number(startsOn.slice(0, 4));
  const month = Number(startsOn.slice(5, 7)) - 1;
  return PLAN_MONTHS[plan].map(({ offset, label }, i) => {
    const m = (month + offset) % 12;
    const y = year + Math.floor((month + offset) / 12);
    return { label: label(MONTHS[m] ?? '', i), due_on: `${y}-${String(m + 1).padStart(2, '0')}-10` };
  });
}
