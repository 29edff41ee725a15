import { describe, expect, it } from 'vitest';
import { attendancePercent } from './attendance';

describe('attendancePercent', () => {
  it('counts present and late as a day, half-day as half, over the days marked (leave included)', () => {
    expect(attendancePercent({ P: 1, L: 1, H: 1, A: 1, LV: 1 })).toBe(50);
    expect(attendancePercent({ P: 2, A: 1 })).toBe(66.7);
    expect(attendancePercent({ H: 1 })).toBe(50);
  });
  it('is null when nothing is marked', () => {
    expect(attendancePercent({})).toBeNull();
  });
});
