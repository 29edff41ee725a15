import { z } from 'zod';
import { defineMessages, type Message } from '../messages';
import { dateField } from '../people/fields';
import { optionalText } from '../profile';
import { CALENDAR_MESSAGES } from './calendar';
import { CO_SCHOLASTIC_GRADES, SCALE_KINDS, scaleGap } from './grading';
import { SUBJECT_TYPES, TIMETABLE_MESSAGES } from './timetable';

/**
 * Exams, marks and report cards (issue 13 item 5). An exam belongs to a term of an academic year
 * and to some classes; each class × subject is a paper with its maximum and pass marks. An exam
 * goes draft → marks entry → published; only published results reach pupils and parents.
 */
export const EXAM_STATES = ['draft', 'marks_entry', 'published'] as const;
export type ExamState = (typeof EXAM_STATES)[number];

/** A pupil's entry in a paper: marks, absent (AB) or exempt (not counted). */
export const MARK_STATUSES = ['present', 'absent', 'exempt'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

export const EXAM_MESSAGES = defineMessages(
  'exams',
  {
    scaleSaved: 'Grading scale saved',
    scaleNotFound: 'Grading scale not found',
    scaleNameTaken: 'Another grading scale has this name',
    bandGradeRequired: 'Enter the grade: up to 4 letters or digits',
    bandPercentRange: 'Enter a whole percentage from 0 to 100',
    bandPointRange: 'Enter a grade point from 0 to 10, or leave it empty',
    scaleGradeRepeated: 'Each grade of a scale needs its own name',
    scaleGradesPublished:
      'This scale grades published results, so its bands cannot change: add a new scale for later exams',
    scaleGap: (percentage: string) =>
      `Every percentage from 0 to 100 must fall in exactly one band (check ${percentage})`,
    examCreated: 'Exam added',
    examNotFound: 'Exam not found',
    examNameTaken: 'This term already has an exam with this name',
    outsideTerm: 'The exam must lie inside its term',
    passAboveMax: 'Pass marks cannot be more than the maximum marks',
    paperClassNotInExam: 'This class is not in the exam',
    paperRepeated: 'This subject is already in the exam for this class',
    papersRequired: 'Add at least one subject with its maximum marks',
    opened: 'Marks entry opened',
    published: 'Results published',
    unpublished: 'Results withdrawn',
    wrongState: 'The exam is not in a state that allows this',
    notOpenForMarks: 'Marks can be entered only while the exam is open for marks entry',
    notYourSubject: 'You do not teach this subject in this section',
    paperNotFound: 'This subject is not in the exam for this class',
    marksSaved: 'Marks saved',
    marksAboveMax: (max: number) => `Marks cannot be more than ${max}`,
    marksRequired: 'Enter marks, or mark the pupil absent or exempt',
    halfMarksOnly: 'Use whole or half marks',
    gradeRequired: 'Choose a grade',
    notInSection: 'This pupil is not in the section',
    reasonRequired: 'Please give a reason',
    noResults: 'No published results yet',
    reportCardsQueued: 'Report cards are being prepared',
    reportCardsNotFound: 'Report cards not found',
    remarksSaved: 'Remarks saved',
    notClassTeacher: 'Only the class teacher of this section may write its remarks',
    remarkTooLong: (max: number) => `A remark can have up to ${max} characters`,
    remarkRepeated: 'This pupil already has a remark in this list',
  } as const,
  { scaleGap: ['percentage'], marksAboveMax: ['max'], remarkTooLong: ['max'] },
);

/** Refuses, at `path(n)`, each item whose key an earlier item of the list already has. */
export function refuseRepeats<T>(
  ctx: z.RefinementCtx,
  items: readonly T[],
  keyOf: (item: T) => string,
  message: Message,
  path: (n: number) => (string | number)[],
) {
  const seen = new Set<string>();
  items.forEach((item, n) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', ...message.issue, path: path(n) });
    seen.add(key);
  });
}

const percent = z
  .number(EXAM_MESSAGES.bandPercentRange)
  .int(EXAM_MESSAGES.bandPercentRange)
  .min(0, EXAM_MESSAGES.bandPercentRange)
  .max(100, EXAM_MESSAGES.bandPercentRange);
export const gradeBandSchema = z.object({
  grade: z.string().trim().min(1, EXAM_MESSAGES.bandGradeRequired).max(4, EXAM_MESSAGES.bandGradeRequired),
  min: percent,
  max: percent,
  point: z
    .number(EXAM_MESSAGES.bandPointRange)
    .min(0, EXAM_MESSAGES.bandPointRange)
    .max(10, EXAM_MESSAGES.bandPointRange)
    .nullable(),
  remark: optionalText(60),
});

export const gradingScaleInputSchema = z
  .object({
    name: z.string().trim().min(1, TIMETABLE_MESSAGES.nameRequired).max(60),
    kind: z.enum(SCALE_KINDS),
    bands: z.array(gradeBandSchema).min(1).max(12),
  })
  .superRefine((v, ctx) => {
    refuseRepeats(
      ctx,
      v.bands,
      (b) => b.grade.toUpperCase(),
      EXAM_MESSAGES.scaleGradeRepeated,
      (n) => ['bands', n, 'grade'],
    );
    if (v.kind !== 'scholastic') return;
    const gap = scaleGap(v.bands);
    if (gap) ctx.addIssue({ code: 'custom', ...EXAM_MESSAGES.scaleGap(gap).issue, path: ['bands'] });
  });
export type GradingScaleInput = z.output<typeof gradingScaleInputSchema>;

export const gradingScaleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SCALE_KINDS),
  bands: z.array(gradeBandSchema),
  /** An exam graded by it is published: its name may change, its kind and bands may not. */
  grades_published: z.boolean(),
});
export type GradingScale = z.infer<typeof gradingScaleSchema>;

const marksNumber = z.number().min(0).max(1000);
const paperInput = z.object({
  class_id: z.uuid(),
  subject_id: z.uuid(),
  max_marks: z.number().int().min(0).max(1000),
  pass_marks: z.number().int().min(0).max(1000),
  date: dateField.nullable().default(null),
});

export const examInputSchema = z
  .object({
    name: z.string().trim().min(1, TIMETABLE_MESSAGES.nameRequired).max(60),
    term_id: z.uuid(),
    starts_on: dateField,
    ends_on: dateField,
    class_ids: z.array(z.uuid()).min(1).max(30),
    scale_id: z.uuid(),
    papers: z.array(paperInput).min(1, EXAM_MESSAGES.papersRequired).max(400),
  })
  .superRefine((v, ctx) => {
    if (v.ends_on < v.starts_on)
      ctx.addIssue({ code: 'custom', ...CALENDAR_MESSAGES.endsBeforeStart.issue, path: ['ends_on'] });
    refuseRepeats(
      ctx,
      v.papers,
      (p) => `${p.class_id}:${p.subject_id}`,
      EXAM_MESSAGES.paperRepeated,
      (i) => ['papers', i, 'subject_id'],
    );
    v.papers.forEach((p, i) => {
      if (p.pass_marks > p.max_marks)
        ctx.addIssue({
          code: 'custom',
          ...EXAM_MESSAGES.passAboveMax.issue,
          path: ['papers', i, 'pass_marks'],
        });
      if (!v.class_ids.includes(p.class_id))
        ctx.addIssue({
          code: 'custom',
          ...EXAM_MESSAGES.paperClassNotInExam.issue,
          path: ['papers', i, 'class_id'],
        });
    });
  });
export type ExamInput = z.output<typeof examInputSchema>;

export const paperSchema = z.object({
  class_id: z.string(),
  class_name: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  subject_type: z.enum(SUBJECT_TYPES),
  max_marks: z.number(),
  pass_marks: z.number(),
  date: z.string().nullable(),
});
export type Paper = z.infer<typeof paperSchema>;

export const examSchema = z.object({
  id: z.string(),
  name: z.string(),
  academic_year_id: z.string(),
  term_id: z.string(),
  term_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  class_ids: z.array(z.string()),
  scale_id: z.string(),
  state: z.enum(EXAM_STATES),
  published_at: z.string().nullable(),
  papers: z.array(paperSchema),
});
export type Exam = z.infer<typeof examSchema>;

export const examsQuery = z.object({ academic_year_id: z.uuid().optional() });
export const unpublishInputSchema = z.object({
  reason: z.string().trim().min(3, EXAM_MESSAGES.reasonRequired).max(300),
});

/** A section × subject of an exam, with how many of its pupils have an entry. */
export const sheetSummarySchema = z.object({
  section_id: z.string(),
  section_label: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  subject_type: z.enum(SUBJECT_TYPES),
  entered: z.number(),
  total: z.number(),
  mine: z.boolean(),
});
export type SheetSummary = z.infer<typeof sheetSummarySchema>;

export const sheetQuery = z.object({ section_id: z.uuid(), subject_id: z.uuid() });

export const sheetRowSchema = z.object({
  student_id: z.string(),
  roll_no: z.string(),
  admission_no: z.string(),
  name: z.string(),
  status: z.enum(MARK_STATUSES).nullable(),
  marks: z.number().nullable(),
  grade: z.string().nullable(),
  entered_by: z.string().nullable(),
  entered_at: z.string().nullable(),
});
export type SheetRow = z.infer<typeof sheetRowSchema>;

/** The mark-entry grid of one section and subject. */
export const markSheetSchema = z.object({
  exam_id: z.string(),
  exam_name: z.string(),
  state: z.enum(EXAM_STATES),
  section_label: z.string(),
  subject_name: z.string(),
  subject_type: z.enum(SUBJECT_TYPES),
  max_marks: z.number(),
  pass_marks: z.number(),
  can_edit: z.boolean(),
  rows: z.array(sheetRowSchema),
  last_saved: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type MarkSheet = z.infer<typeof markSheetSchema>;

const markEntry = z
  .object({
    student_id: z.uuid(),
    status: z.enum(MARK_STATUSES).default('present'),
    marks: marksNumber.nullable().default(null),
    grade: z.enum(CO_SCHOLASTIC_GRADES).nullable().default(null),
  })
  .refine((e) => e.marks === null || Number.isInteger(e.marks * 2), {
    error: EXAM_MESSAGES.halfMarksOnly.error,
    path: ['marks'],
  });
export const marksInputSchema = z.object({
  section_id: z.uuid(),
  subject_id: z.uuid(),
  entries: z.array(markEntry).min(1).max(200),
});
export type MarksInput = z.output<typeof marksInputSchema>;

/** Results of a section (or the pupil's own) per subject, with the grade distribution. */
export const analysisQuery = z.object({ section_id: z.uuid() });
export const subjectAnalysisSchema = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  max_marks: z.number(),
  appeared: z.number(),
  absent: z.number(),
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  pass_percent: z.number().nullable(),
  grades: z.record(z.string(), z.number()),
});
export const topperSchema = z.object({
  student_id: z.string(),
  name: z.string(),
  total: z.number(),
  max_total: z.number(),
  percentage: z.number(),
  grade: z.string(),
});
export const analysisSchema = z.object({
  grades: z.array(z.string()),
  subjects: z.array(subjectAnalysisSchema),
  toppers: z.array(topperSchema),
});
export type Analysis = z.infer<typeof analysisSchema>;

/** A pupil's published result in one exam. */
export const resultLineSchema = z.object({
  subject_name: z.string(),
  subject_type: z.enum(SUBJECT_TYPES),
  max_marks: z.number(),
  status: z.enum(MARK_STATUSES).nullable(),
  marks: z.number().nullable(),
  grade: z.string(),
});
export const examResultSchema = z.object({
  exam_id: z.string(),
  exam_name: z.string(),
  term_id: z.string(),
  term_name: z.string(),
  starts_on: z.string(),
  lines: z.array(resultLineSchema),
  total: z.number(),
  max_total: z.number(),
  percentage: z.number(),
  grade: z.string(),
});
export type ExamResult = z.infer<typeof examResultSchema>;
export type ResultLine = z.infer<typeof resultLineSchema>;
export const resultsQuery = z.object({ student_id: z.uuid() });

export const reportCardQuery = z.object({ term_id: z.uuid().optional() });
export const reportCardsInputSchema = z.object({ section_id: z.uuid(), term_id: z.uuid() });
