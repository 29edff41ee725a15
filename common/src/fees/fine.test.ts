import { describe, expect, it } from 'vitest';
import { fineOf, fineRuleInputSchema } from './fine';

const rule = {
  grace_days: 5,
  cap_paise: 0,
  slabs: [
    { from_day: 1, kind: 'per_day' as const, value: 1000 },
    { from_day: 11, kind: 'fixed' as const, value: 20000 },
    { from_day: 31, kind: 'percent' as const, value: 150 },
  ],
};

describe('fineOf', () => {
  it('charges nothing within the grace days or on nothing unpaid', () => {
    expect(fineOf(rule, '2026-04-10', 500000, '2026-04-15')).toBe(0);
    expect(fineOf(rule, '2026-04-10', 0, '2026-06-15')).toBe(0);
  });
  it('adds each slab reached: per day within its days, fixed once, a percentage of the principal once', () => {
    expect(fineOf(rule, '2026-04-10', 500000, '2026-04-16')).toBe(1000);
    expect(fineOf(rule, '2026-04-10', 500000, '2026-04-22')).toBe(7000);
    // 10 days × ₹10, then ₹200 from day 11.
    expect(fineOf(rule, '2026-04-10', 500000, '2026-05-05')).toBe(30000);
    // Day 31 past grace: + 1.5% of ₹5,000.
    expect(fineOf(rule, '2026-04-10', 500000, '2026-05-16')).toBe(37500);
  });
  it('holds the fine to the cap', () => {
    expect(fineOf({ ...rule, cap_paise: 25000 }, '2026-04-10', 500000, '2026-05-15')).toBe(25000);
  });
});

describe('fineRuleInputSchema: what a form left empty or mistyped is told in our words', () => {
  const rule = {
    academic_year_id: '00000000-0000-4000-8000-000000000001',
    head_id: '00000000-0000-4000-8000-000000000002',
    grace_days: 5,
    cap_paise: 0,
    slabs: [{ from_day: 1, kind: 'per_day', value: 1000 }],
  };
  const said = (body: object) =>
    fineRuleInputSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes a whole rule', () => {
    expect(said(rule)).toBeUndefined();
  });

  it('names the grace days, the cap, a slab day and a slab amount that are not numbers', () => {
    expect(
      said({
        ...rule,
        grace_days: 1.5,
        cap_paise: Number.NaN,
        slabs: [{ from_day: Number.NaN, kind: 'fixed', value: 0 }],
      }),
    ).toEqual([
      ['grace_days', 'Enter grace days from 0 to 365'],
      ['cap_paise', 'Enter an amount in paise greater than zero'],
      ['slabs.0.from_day', 'Enter a day from 1 to 3650'],
      ['slabs.0.value', 'Enter an amount in paise greater than zero'],
    ]);
  });
});
