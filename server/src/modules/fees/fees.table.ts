import type { FeeCategory, InstalmentPlan, PaymentMode } from '@schooliko/common/fees/fees';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

const paise = (name: string) => bigint(name, { mode: 'number' });

/** A fee head ("Tuition Fee", "TUI"): what a due and a receipt line are for. */
export const feeHeads = tenantTable(
  'fee_heads',
  {
    name: text('name').notNull(),
    code: text('code').notNull(),
    category: text('category').$type<FeeCategory>().notNull(),
    counts80c: boolean('counts_80c').notNull().default(false),
    refundable: boolean('refundable').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fee_heads_code_idx').on(t.instituteId, t.code)],
);
export type FeeHeadRow = typeof feeHeads.$inferSelect;

/** What a class pays in a year: instalments (label, due date) and, per head, one amount each. */
export const feeStructures = tenantTable(
  'fee_structures',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    classId: uuid('class_id').notNull(),
    /** '' for every student of the class; else only students of this social category. */
    studentCategory: text('student_category').notNull().default(''),
    plan: text('plan').$type<InstalmentPlan>().notNull(),
    instalments: jsonb('instalments').$type<{ label: string; due_on: string }[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_structures_class_idx').on(t.instituteId, t.academicYearId, t.classId, t.studentCategory),
  ],
);
export type FeeStructureRow = typeof feeStructures.$inferSelect;

export const feeStructureLines = tenantTable(
  'fee_structure_lines',
  {
    structureId: uuid('structure_id').notNull(),
    headId: uuid('head_id').notNull(),
    /** Paise per instalment, in the structure's instalment order. */
    amounts: jsonb('amounts').$type<number[]>().notNull(),
  },
  (t) => [uniqueIndex('fee_structure_lines_idx').on(t.instituteId, t.structureId, t.headId)],
);

/**
 * What a due is billed for (its source): a fee structure, an exam fee demand, a bounced cheque's
 * reversal (the bounce fine), a carry-forward (the previous year's balance), or the charge of
 * another module (transport, hostel, an inventory sale) through `charge()` (fees' index.ts).
 * A new kind is added here and to the CHECK of fee_dues (a migration).
 */
export const CHARGE_SOURCE_KINDS = [
  'structure',
  'exam_demand',
  'bounce',
  'carry_forward',
  'transport',
  'hostel',
  'inventory_sale',
] as const;
export type ChargeSourceKind = (typeof CHARGE_SOURCE_KINDS)[number];

/**
 * A demand: one student owes one head in one instalment of a source (a structure, an exam fee
 * demand, …: `source_kind` and `source_id`). At most one per (source, student, head, instalment):
 * the unique index makes billing idempotent. Fine dues keep the source of the due they were late
 * on, numbered from seq 1000. `paid_paise` is the sum of its allocations, kept in the posting
 * transaction.
 */
export const feeDues = tenantTable(
  'fee_dues',
  {
    studentId: uuid('student_id').notNull(),
    sourceKind: text('source_kind').$type<ChargeSourceKind>().notNull(),
    sourceId: uuid('source_id').notNull(),
    academicYearId: uuid('academic_year_id').notNull(),
    headId: uuid('head_id').notNull(),
    seq: integer('seq').notNull(),
    instalment: text('instalment').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
    concessionPaise: paise('concession_paise').notNull().default(0),
    paidPaise: paise('paid_paise').notNull().default(0),
    cancelled: boolean('cancelled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What is left to pay, kept by PostgreSQL itself (never written by the app): a plain column so
     * that the dues report's conditions are leakproof and use the open-dues index under row-level
     * security.
     */
    balancePaise: paise('balance_paise')
      .notNull()
      .generatedAlwaysAs(sql`amount_paise - concession_paise - paid_paise`),
  },
  (t) => [
    // The dues report (dues.read.ts): the open dues by due date, read without the table.
    index('fee_dues_open_idx')
      .on(t.instituteId, t.dueOn, t.studentId, t.seq, t.instalment, t.balancePaise)
      .where(sql`${t.balancePaise} > 0 and not ${t.cancelled}`),
    // One due per source, student, head and instalment; also finds a source's dues.
    uniqueIndex('fee_dues_source_idx').on(
      t.instituteId,
      t.sourceKind,
      t.sourceId,
      t.studentId,
      t.headId,
      t.seq,
    ),
    index('fee_dues_student_idx').on(t.instituteId, t.studentId, t.dueOn),
    // A student's open dues (a refresh of their summary rows, their balance): without it the
    // planner may read them off fee_dues_open_idx, which holds the student second and so reads
    // the whole institute's open dues for each student (issue 33: 18 ms a pupil at 100,000).
    index('fee_dues_open_student_idx')
      .on(t.instituteId, t.studentId, t.dueOn, t.seq, t.instalment, t.balancePaise)
      .where(sql`${t.balancePaise} > 0 and not ${t.cancelled}`),
    check(
      'fee_dues_source_kind_check',
      sql`${t.sourceKind} in (${sql.raw(CHARGE_SOURCE_KINDS.map((k) => `'${k}'`).join(', '))})`,
    ),
  ],
);
export type FeeDueRow = typeof feeDues.$inferSelect;

/**
 * The money ledger: a receipt, or the reversal that cancels one (pointing to it). Rows are never
 * changed or deleted (migration 0019 revokes both): cancelling posts a reversal and the receipt's
 * number stays used.
 */
export const feePayments = tenantTable(
  'fee_payments',
  {
    /** `transfer`: a non-cash closing of dues (a carry-forward to the next year), never counted as collection. */
    kind: text('kind').$type<'receipt' | 'reversal' | 'transfer'>().notNull(),
    receiptNo: text('receipt_no').notNull(),
    financialYear: text('financial_year').notNull(),
    studentId: uuid('student_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** Positive on a receipt, negative on its reversal. */
    amountPaise: paise('amount_paise').notNull(),
    /** What was paid beyond the dues (kept as the student's advance). */
    advancePaise: paise('advance_paise').notNull().default(0),
    /** What the student still owed once this receipt was posted (issue 32: printed on it); null before it was kept. */
    balanceAfterPaise: paise('balance_after_paise'),
    /** `transfer` only on a transfer row. */
    mode: text('mode').$type<PaymentMode | 'transfer'>().notNull(),
    reference: text('reference').notNull().default(''),
    collectedBy: uuid('collected_by'),
    collectedByName: text('collected_by_name').notNull(),
    reversesId: uuid('reverses_id'),
    reason: text('reason').notNull().default(''),
    /** On a reversal: the cheque or DD of the receipt bounced. */
    bounced: boolean('bounced').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_payments_no_idx').on(t.instituteId, t.receiptNo),
    uniqueIndex('fee_payments_reverses_idx')
      .on(t.instituteId, t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    index('fee_payments_student_idx').on(t.instituteId, t.studentId, t.createdAt),
    index('fee_payments_day_idx').on(t.instituteId, t.paidOn),
  ],
);
export type FeePaymentRow = typeof feePayments.$inferSelect;

/** How a payment (or its reversal, negated) was spread over dues. Never changed. */
export const feeAllocations = tenantTable(
  'fee_allocations',
  {
    paymentId: uuid('payment_id').notNull(),
    dueId: uuid('due_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
  },
  (t) => [
    index('fee_allocations_payment_idx').on(t.instituteId, t.paymentId),
    index('fee_allocations_due_idx').on(t.instituteId, t.dueId),
  ],
);

/** The institute's fee settings (one row). */
export const feeSettings = tenantTable(
  'fee_settings',
  {
    receiptPrefix: text('receipt_prefix').notNull(),
    /** The fine added when a cheque or DD bounces (0: none). */
    bounceFinePaise: paise('bounce_fine_paise').notNull().default(0),
  },
  (t) => [uniqueIndex('fee_settings_idx').on(t.instituteId)],
);

/** Every print of a receipt: the first is the original, every later one says DUPLICATE. */
export const feeReceiptPrints = tenantTable(
  'fee_receipt_prints',
  {
    paymentId: uuid('payment_id').notNull(),
    printedBy: uuid('printed_by'),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fee_receipt_prints_idx').on(t.instituteId, t.paymentId)],
);

/**
 * An exam fee demand: an exam head billed once to every enrolled student of the chosen classes
 * (its own amount per class). Its dues have the demand as their source (`exam_demand`, seq 0),
 * so billing it again creates nothing twice.
 */
export const feeExamDemands = tenantTable(
  'fee_exam_demands',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    name: text('name').notNull(),
    headId: uuid('head_id').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    classes: jsonb('classes').$type<{ class_id: string; amount_paise: number }[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fee_exam_demands_name_idx').on(t.instituteId, t.academicYearId, t.name)],
);
export type FeeExamDemandRow = typeof feeExamDemands.$inferSelect;

/**
 * A student's unpaid balance of one year carried into the next: the transfer (a fee_payments row
 * of kind `transfer`) that closed the old dues and the new due ("Previous year dues", its
 * source this row, `carry_forward`) that carries the total. Never changed.
 */
export const feeCarryForwards = tenantTable(
  'fee_carry_forwards',
  {
    fromYearId: uuid('from_year_id').notNull(),
    toYearId: uuid('to_year_id').notNull(),
    studentId: uuid('student_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    transferId: uuid('transfer_id').notNull(),
    dueId: uuid('due_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_carry_forwards_year_idx').on(t.instituteId, t.fromYearId, t.studentId),
    uniqueIndex('fee_carry_forwards_transfer_idx').on(t.instituteId, t.transferId),
  ],
);

/**
 * A fee reminder schedule (issue 14 item 11): an offset in days from an instalment's due date
 * (-3 before, 7 after), the channels, and the SMS template key. Sent once per student, due and offset.
 */
export const feeReminderSchedules = tenantTable(
  'fee_reminder_schedules',
  {
    offsetDays: integer('offset_days').notNull(),
    channels: jsonb('channels').$type<('email' | 'sms')[]>().notNull(),
    smsTemplateKey: text('sms_template_key'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fee_reminder_schedules_idx').on(t.instituteId, t.offsetDays)],
);
export type FeeReminderScheduleRow = typeof feeReminderSchedules.$inferSelect;
