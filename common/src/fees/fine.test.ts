import { describe, expect, it } from 'vitest';
import { fineOf } from './fine';

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
