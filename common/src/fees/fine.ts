import { z } from 'zod';
import { defineMessages } from '../messages';
import { dateField } from '../people/fields';
import { FEE_MESSAGES, MAX_AMOUNT_PAISE } from './fees';

/** Late fines (issue 14 item 5): grace days, slabs, a cap; collected as dues of a Fine head. */
export const FINE_MESSAGES = defineMessages('fees', {
  fineSaved: 'Fine rule saved',
  fineLocked: 'Fine slabs are locked: collection has started this year',
  fineHeadInvalid: 'Choose a fee type of the Fine category',
  fineSlabsOrder: 'Slabs must start on increasing days',
  percentInvalid: 'Enter a percentage from 0.01 to 100',
  slabDayInvalid: 'Enter a day from 1 to 3650',
  graceDaysInvalid: 'Enter grace days from 0 to 365',
} as const);

export const FINE_SLAB_KINDS = ['fixed', 'per_day', 'percent'] as const;
export type FineSlabKind = (typeof FINE_SLAB_KINDS)[number];

/**
 * A slab starts on a day late (counted after the grace days: day 1 is the first day past grace)
 * and runs until the next slab starts. `fixed`: once, when the slab is reached; `per_day`: for each
 * day within the slab; `percent`: of the unpaid principal (basis points: 150 = 1.5%), once.
 */
export const fineSlabSchema = z.object({
  from_day: z
    .number(FINE_MESSAGES.slabDayInvalid)
    .int(FINE_MESSAGES.slabDayInvalid)
    .min(1, FINE_MESSAGES.slabDayInvalid)
    .max(3650, FINE_MESSAGES.slabDayInvalid),
  kind: z.enum(FINE_SLAB_KINDS),
  value: z
    .number(FEE_MESSAGES.amountInvalid)
    .int(FEE_MESSAGES.amountInvalid)
    .min(1, FEE_MESSAGES.amountInvalid)
    .max(MAX_AMOUNT_PAISE, FEE_MESSAGES.amountTooLarge),
});
export type FineSlab = z.infer<typeof fineSlabSchema>;

export const fineRuleInputSchema = z
  .object({
    academic_year_id: z.uuid(),
    head_id: z.uuid(),
    grace_days: z
      .number(FINE_MESSAGES.graceDaysInvalid)
      .int(FINE_MESSAGES.graceDaysInvalid)
      .min(0, FINE_MESSAGES.graceDaysInvalid)
      .max(365, FINE_MESSAGES.graceDaysInvalid),
    /** Most a due's fine may reach, in paise; 0: no cap. */
    cap_paise: z
      .number(FEE_MESSAGES.amountInvalid)
      .int(FEE_MESSAGES.amountInvalid)
      .min(0, FEE_MESSAGES.amountInvalid)
      .max(MAX_AMOUNT_PAISE, FEE_MESSAGES.amountTooLarge),
    slabs: z.array(fineSlabSchema).min(1).max(10),
  })
  .superRefine((v, ctx) => {
    for (let i = 1; i < v.slabs.length; i++)
      if ((v.slabs[i]?.from_day ?? 0) <= (v.slabs[i - 1]?.from_day ?? 0))
        ctx.addIssue({
          code: 'custom',
          path: ['slabs', i, 'from_day'],
          ...FINE_MESSAGES.fineSlabsOrder.issue,
        });
    v.slabs.forEach((s, i) => {
      if (s.kind === 'percent' && s.value > 10000)
        ctx.addIssue({ code: 'custom', path: ['slabs', i, 'value'], ...FINE_MESSAGES.percentInvalid.issue });
    });
  });
export type FineRuleInput = z.output<typeof fineRuleInputSchema>;

export const fineRuleSchema = z.object({
  academic_year_id: z.uuid(),
  head_id: z.uuid(),
  grace_days: z.number(),
  cap_paise: z.number(),
  slabs: z.array(fineSlabSchema),
  /** Whether collection has started this year: the slabs can no longer change. */
  locked: z.boolean(),
});
export type FineRule = z.infer<typeof fineRuleSchema>;
export const fineRuleQuery = z.object({ academic_year_id: z.uuid().optional() });
export const fineAsOfQuery = z.object({ as_of: dateField.optional() });

const DAY = 86_400_000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/**
 * The fine a due has accrued as of a date: nothing within the grace days; then each slab reached
 * adds its part (a fixed amount once, an amount per day within the slab, or a percentage of the
 * unpaid principal once), the total held to the cap. Whole paise, rounded down.
 */
export function fineOf(
  rule: Pick<FineRule, 'grace_days' | 'cap_paise' | 'slabs'>,
  dueOn: string,
  principalPaise: number,
  asOf: string,
): number {
  const late = daysBetween(dueOn, asOf) - rule.grace_days;
  if (late < 1 || principalPaise <= 0) return 0;
  let fine = 0;
  rule.slabs.forEach((slab, i) => {
    if (late < slab.from_day) return;
    const next = rule.slabs[i + 1]?.from_day ?? Number.POSITIVE_INFINITY;
    const days = Math.min(late, next - 1) - slab.from_day + 1;
    if (slab.kind === 'fixed') fine += slab.value;
    else if (slab.kind === 'per_day') fine += slab.value * days;
    else fine += Math.floor((principalPaise * slab.value) / 10000);
  });
  return rule.cap_paise > 0 ? Math.min(fine, rule.cap_paise) : fine;
}
