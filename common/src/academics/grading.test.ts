import { describe, expect, it } from 'vitest';
import {
  bandFor,
  CBSE_SCALE,
  CO_SCHOLASTIC_SCALE,
  gradeFor,
  percentageOf,
  roundHalfUp,
  scaleGap,
} from './grading';

describe('the CBSE 9-point scale', () => {
  it('bands every whole percentage exactly once', () => {
    expect(scaleGap(CBSE_SCALE)).toBeNull();
    expect(CBSE_SCALE.map((b) => b.grade)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D', 'E1', 'E2']);
    expect(CBSE_SCALE.map((b) => b.point)).toEqual([10, 9, 8, 7, 6, 5, 4, null, null]);
  });

  it.each([
    [100, 'A1'],
    [91, 'A1'],
    [90.5, 'A1'],
    [90.49, 'A2'],
    [90, 'A2'],
    [81, 'A2'],
    [80.5, 'A2'],
    [80, 'B1'],
    [71, 'B1'],
    [70, 'B2'],
    [61, 'B2'],
    [60, 'C1'],
    [51, 'C1'],
    [50, 'C2'],
    [41, 'C2'],
    [40, 'D'],
    [33, 'D'],
    [32.5, 'D'],
    [32.4, 'E1'],
    [21, 'E1'],
    [20.5, 'E1'],
    [20, 'E2'],
    [0, 'E2'],
  ])('%s %% is %s', (percentage, grade) => {
    expect(gradeFor(CBSE_SCALE, percentage)).toBe(grade);
  });

  it('rounds half up without binary surprises', () => {
    expect(roundHalfUp(90.5)).toBe(91);
    expect(roundHalfUp(90.49)).toBe(90);
    expect(roundHalfUp(0.5)).toBe(1);
    // 29/32 = 90.625 %: two decimals keep 90.63, banded as 91.
    expect(percentageOf(29, 32)).toBe(90.63);
    expect(gradeFor(CBSE_SCALE, percentageOf(29, 32))).toBe('A1');
    // 16.5 of 50 is 33 %: a pass.
    expect(gradeFor(CBSE_SCALE, percentageOf(16.5, 50))).toBe('D');
    expect(percentageOf(5, 0)).toBe(0);
  });

  it('names a gap or an overlap', () => {
    expect(scaleGap(CBSE_SCALE.filter((b) => b.grade !== 'C2'))).toBe('41');
    expect(scaleGap([...CBSE_SCALE, { grade: 'X', min: 95, max: 100, point: null, remark: '' }])).toBe('95');
    expect(bandFor(CBSE_SCALE, 150)?.grade).toBe('A1');
  });

  it('the co-scholastic scale is A, B, C', () => {
    expect(CO_SCHOLASTIC_SCALE.map((b) => `${b.grade} ${b.remark}`)).toEqual([
      'A Outstanding',
      'B Very good',
      'C Fair',
    ]);
  });
});
