import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { dateField } from '../people/fields';
import { amountPaise, FEE_MESSAGES } from './fees';

/**
 * Exam fees (issue 14 item 9): an exam head billed per exam to chosen classes, and the previous
 * year's unpaid dues carried forward into the next (item 10). Money is integer paise.
 */
export const examFeeInputSchema = z
  .object({
    academic_year_id: z.uuid(),
    name: z.string().trim().min(2).max(80),
    head_id: z.uuid(),
    due_on: dateField,
    /** The classes billed, each with its amount (the same amount for all is one amount repeated). */
    classes: z
      .array(z.object({ class_id: z.uuid(), amount_paise: amountPaise }))
      .min(1)
      .max(40),
  })
  .refine((v) => new Set(v.classes.map((c) => c.class_id)).size === v.classes.length, {
    error: FEE_MESSAGES.examClassesRepeat.error,
    path: ['classes'],
  });
export type ExamFeeInput = z.output<typeof examFeeInputSchema>;

export const examFeeSchema = z.object({
  id: z.uuid(),
  academic_year_id: z.uuid(),
  name: z.string(),
  head_id: z.uuid(),
  head_name: z.string(),
  due_on: z.string(),
  classes: z.array(z.object({ class_id: z.uuid(), class_name: z.string(), amount_paise: z.number() })),
  /** Students billed (dues not cancelled), and what they were billed, paid and still owe. */
  billed: z.number(),
  billed_paise: z.number(),
  collected_paise: z.number(),
  outstanding_paise: z.number(),
  created_at: z.string(),
});
export type ExamFee = z.infer<typeof examFeeSchema>;

export const examFeeQuery = pageQuery.extend({ academic_year_id: z.uuid().optional() });
export type ExamFeeQuery = z.output<typeof examFeeQuery>;

export const examFeeCreatedSchema = z.object({ item: examFeeSchema, job_id: z.string() });

// ---- Previous-year dues carried forward ----

export const carryForwardInputSchema = z.object({ from_year_id: z.uuid(), to_year_id: z.uuid() });
export type CarryForwardInput = z.output<typeof carryForwardInputSchema>;

/** What a carry-forward would move (open balances of the old year) and what was already carried. */
export const carryForwardPreviewSchema = z.object({
  from_year_id: z.uuid(),
  from_year_name: z.string(),
  to_year_id: z.uuid(),
  to_year_name: z.string(),
  students: z.number(),
  total_paise: z.number(),
  carried_students: z.number(),
  carried_paise: z.number(),
});
export type CarryForwardPreview = z.infer<typeof carryForwardPreviewSchema>;

/** The head of carried-forward dues (made on first use). */
export const CARRY_HEAD = { code: 'PREV-DUES', name: 'Previous year dues', category: 'misc' } as const;
