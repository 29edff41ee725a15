/**
 * Grading scales (issue 13 item 5): bands of percentage → grade, with a grade point and a remark.
 *
 * Rounding, once for the whole code base: a pupil's percentage (marks ÷ max × 100) is rounded
 * half up to a whole number before it is banded, as CBSE does. So 90.5 % is 91 → A1, 90.4 % is
 * 90 → A2, 32.5 % is 33 → D (a pass), 32.4 % is 32 → E1. The printed percentage keeps two decimals.
 */
export type GradeBand = {
  grade: string;
  /** Lowest whole percentage of the band (inclusive). */
  min: number;
  /** Highest whole percentage of the band (inclusive). */
  max: number;
  /** CBSE's grade point; null where the scale gives none. */
  point: number | null;
  remark: string;
};

export const SCALE_KINDS = ['scholastic', 'co_scholastic'] as const;
export type ScaleKind = (typeof SCALE_KINDS)[number];

/** CBSE's 9-point scale for scholastic subjects (classes VI–X), highest band first. */
export const CBSE_SCALE: readonly GradeBand[] = [
  { grade: 'A1', min: 91, max: 100, point: 10, remark: 'Outstanding' },
  { grade: 'A2', min: 81, max: 90, point: 9, remark: 'Excellent' },
  { grade: 'B1', min: 71, max: 80, point: 8, remark: 'Very good' },
  { grade: 'B2', min: 61, max: 70, point: 7, remark: 'Good' },
  { grade: 'C1', min: 51, max: 60, point: 6, remark: 'Above average' },
  { grade: 'C2', min: 41, max: 50, point: 5, remark: 'Average' },
  { grade: 'D', min: 33, max: 40, point: 4, remark: 'Fair' },
  { grade: 'E1', min: 21, max: 32, point: null, remark: 'Needs improvement' },
  { grade: 'E2', min: 0, max: 20, point: null, remark: 'Needs improvement' },
];
export const CBSE_SCALE_NAME = 'CBSE 9-point';

/**
 * CBSE's 3-point scale for co-scholastic areas (art, health and physical education, work
 * education, discipline): graded directly by the teacher, so its bands carry no percentages.
 */
export const CO_SCHOLASTIC_SCALE: readonly GradeBand[] = [
  { grade: 'A', min: 0, max: 0, point: null, remark: 'Outstanding' },
  { grade: 'B', min: 0, max: 0, point: null, remark: 'Very good' },
  { grade: 'C', min: 0, max: 0, point: null, remark: 'Fair' },
];
export const CO_SCHOLASTIC_SCALE_NAME = 'CBSE co-scholastic 3-point';
export const CO_SCHOLASTIC_GRADES = ['A', 'B', 'C'] as const;
export type CoScholasticGrade = (typeof CO_SCHOLASTIC_GRADES)[number];

/** Marks as a percentage of the maximum, to two decimals (0 when there is no maximum). */
export function percentageOf(marks: number, max: number): number {
  if (max <= 0) return 0;
  return Math.round((marks / max) * 10_000) / 100;
}

/** Half up to a whole number (90.5 → 91), safe from binary fractions (90.49999… stays 90). */
export const roundHalfUp = (percentage: number) => Math.floor(Math.round(percentage * 100) / 100 + 0.5);

/** The band a percentage falls in: rounded half up first, then looked up (null for an empty scale). */
export function bandFor(bands: readonly GradeBand[], percentage: number): GradeBand | null {
  const whole = Math.min(100, Math.max(0, roundHalfUp(percentage)));
  return bands.find((b) => whole >= b.min && whole <= b.max) ?? null;
}

export const gradeFor = (bands: readonly GradeBand[], percentage: number) =>
  bandFor(bands, percentage)?.grade ?? '';

/**
 * Why a scholastic scale's bands are not a partition of 0–100 (null when they are): each whole
 * percentage must fall in exactly one band.
 */
export function scaleGap(bands: readonly GradeBand[]): string | null {
  for (const b of bands) if (b.min > b.max) return b.grade;
  for (let p = 0; p <= 100; p++) {
    const hits = bands.filter((b) => p >= b.min && p <= b.max);
    if (hits.length !== 1) return String(p);
  }
  return null;
}
