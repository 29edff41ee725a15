import { describe, expect, it } from 'vitest';
import { examInputSchema, gradingScaleInputSchema } from './exams';
import { CBSE_SCALE } from './grading';

const ids = {
  term: '00000000-0000-4000-8000-000000000001',
  scale: '00000000-0000-4000-8000-000000000002',
  seven: '00000000-0000-4000-8000-000000000003',
  maths: '00000000-0000-4000-8000-000000000004',
};
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('repeats in a list', () => {
  it('refuses a grade named twice in a scale (whatever its case), at the second', () => {
    const bands = CBSE_SCALE.map((b) => (b.grade === 'B2' ? { ...b, grade: 'b1' } : b));
    expect(issuesOf(gradingScaleInputSchema.safeParse({ name: 'Ours', kind: 'scholastic', bands }))).toEqual([
      ['bands.3.grade', 'Each grade of a scale needs its own name'],
    ]);
  });

  it("refuses a class's subject twice in an exam, at the second", () => {
    const paper = { class_id: ids.seven, subject_id: ids.maths, max_marks: 20, pass_marks: 7 };
    const exam = {
      name: 'Unit Test 1',
      term_id: ids.term,
      starts_on: '2026-07-06',
      ends_on: '2026-07-10',
      class_ids: [ids.seven],
      scale_id: ids.scale,
      papers: [paper, paper],
    };
    expect(issuesOf(examInputSchema.safeParse(exam))).toEqual([
      ['papers.1.subject_id', 'This subject is already in the exam for this class'],
    ]);
  });
});
