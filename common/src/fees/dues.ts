import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { dateField } from '../people/fields';
import { PAYMENT_MODES } from './fees';

/**
 * The dues report (issue 14 item 10): students with a balance overdue (due before today), and the
 * day's collection (item 15); the dashboards' fee figures. Money is integer paise.
 */

/** Days overdue, counted from the oldest overdue due: 0–30, 31–60, 61–90, over 90. */
export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
/** The first day overdue of each bucket (inclusive). */
export const AGE_BUCKET_FROM: Record<AgeBucket, number> = { '0-30': 0, '31-60': 31, '61-90': 61, '90+': 91 };
export const ageBucketOf = (days: number): AgeBucket =>
  days > 90 ? '90+' : days > 60 ? '61-90' : days > 30 ? '31-60' : '0-30';

export const DEFAULTER_SORTS = ['amount', 'age', 'name'] as const;

export const defaulterQuery = pageQuery.extend({
  sort: z.enum(DEFAULTER_SORTS).default('amount'),
  order: z.enum(['asc', 'desc']).default('desc'),
  class_id: z.uuid().optional(),
  section_id: z.uuid().optional(),
  /** An instalment's label ("Quarter 2"): only what is overdue in it counts. */
  instalment: z.string().trim().min(1).max(40).optional(),
  age: z.enum(AGE_BUCKETS).optional(),
  /** Only students owing at least this much (paise). */
  min_paise: z.coerce.number().int().min(0).max(1_00_00_000_00).optional(),
});
export type DefaulterQuery = z.output<typeof defaulterQuery>;

export const defaulterExportQuery = defaulterQuery
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type DefaulterExportQuery = z.output<typeof defaulterExportQuery>;

export const defaulterSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  admission_no: z.string(),
  class_label: z.string(),
  /** What is overdue, summed over heads and instalments. */
  overdue_paise: z.number(),
  /** The labels of the instalments with something overdue, oldest first. */
  instalments: z.array(z.string()),
  oldest_due_on: z.string(),
  days_overdue: z.number(),
  age: z.enum(AGE_BUCKETS),
});
export type Defaulter = z.infer<typeof defaulterSchema>;

const bucketTotals = z.object(
  Object.fromEntries(AGE_BUCKETS.map((b) => [b, z.object({ students: z.number(), paise: z.number() })])) as {
    [K in AgeBucket]: z.ZodObject<{ students: z.ZodNumber; paise: z.ZodNumber }>;
  },
);

export const defaulterTotalsSchema = z.object({
  students: z.number(),
  overdue_paise: z.number(),
  buckets: bucketTotals,
});
export type DefaulterTotals = z.infer<typeof defaulterTotalsSchema>;

// ---- The day's collection ----

export const collectionQuery = z.object({ on: dateField });

export const collectionReportSchema = z.object({
  on: z.string(),
  /** Receipts of the day that stand (not cancelled). */
  receipts: z.number(),
  total_paise: z.number(),
  by_mode: z.array(z.object({ mode: z.enum(PAYMENT_MODES), receipts: z.number(), paise: z.number() })),
  /** Head-wise; what was paid beyond the dues shows as head_name '' (the advance). */
  by_head: z.array(z.object({ head_name: z.string(), head_code: z.string(), paise: z.number() })),
  /** Receipts of the day cancelled since: not in the totals above. */
  cancelled: z.array(
    z.object({
      id: z.uuid(),
      receipt_no: z.string(),
      student_name: z.string(),
      amount_paise: z.number(),
      mode: z.enum(PAYMENT_MODES),
      reason: z.string(),
    }),
  ),
});
export type CollectionReport = z.infer<typeof collectionReportSchema>;

// ---- A parent's (or student's) own ----

export const myChildDuesSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  class_label: z.string(),
  /** Due by today and not paid. */
  due_paise: z.number(),
  /** Falling due later in the year. */
  upcoming_paise: z.number(),
});
export const myDuesSchema = z.object({
  items: z.array(myChildDuesSchema),
  due_paise: z.number(),
});
export type MyDues = z.infer<typeof myDuesSchema>;

// ---- Dashboards ----

/** The admin dashboard's fee figures: today's collection and what is due by today and unpaid. */
export const feeFiguresSchema = z.object({
  today_paise: z.number(),
  today_receipts: z.number(),
  outstanding_paise: z.number(),
});
export type FeeFigures = z.infer<typeof feeFiguresSchema>;

/** The director's: the same per institute of their groups. */
export const groupFeesSchema = z.object({
  items: z.array(feeFiguresSchema.extend({ institute_id: z.uuid(), institute_name: z.string() })),
});
export type GroupFees = z.infer<typeof groupFeesSchema>;
