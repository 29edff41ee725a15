import { z } from 'zod';
import { EXAM_MESSAGES, EXAM_STATES, refuseRepeats } from './exams';

/**
 * The class teacher's remark on each pupil's report card. A report card is a term's (all its
 * published exams), so a remark belongs to the term: reached through any exam of the term, the
 * same remarks show. Written in any script (Hindi and Marathi print shaped); empty clears it, and
 * the card prints the grading band's remark again.
 */
export const REMARK_MAX = 300;

/** A section of the exam whose remarks the caller may write, with how many are written. */
export const remarkSectionSchema = z.object({
  section_id: z.string(),
  section_label: z.string(),
  written: z.number(),
  total: z.number(),
});
export type RemarkSection = z.infer<typeof remarkSectionSchema>;

export const remarksQuery = z.object({ section_id: z.uuid() });

export const remarkRowSchema = z.object({
  student_id: z.string(),
  roll_no: z.string(),
  admission_no: z.string(),
  name: z.string(),
  remark: z.string(),
  /** The grading band's remark printed when none is written ('' before results are published). */
  band_remark: z.string(),
  written_by: z.string().nullable(),
  written_at: z.string().nullable(),
});
export type RemarkRow = z.infer<typeof remarkRowSchema>;

/** The remarks grid of a section: every pupil on its roll, their remark and who wrote it when. */
export const remarkSheetSchema = z.object({
  exam_id: z.string(),
  exam_name: z.string(),
  state: z.enum(EXAM_STATES),
  term_id: z.string(),
  term_name: z.string(),
  section_id: z.string(),
  section_label: z.string(),
  rows: z.array(remarkRowSchema),
  last_saved: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type RemarkSheet = z.infer<typeof remarkSheetSchema>;

const remarkEntry = z.object({
  student_id: z.uuid(),
  remark: z.string().trim().max(REMARK_MAX, EXAM_MESSAGES.remarkTooLong(REMARK_MAX)),
});
export const remarksInputSchema = z
  .object({
    section_id: z.uuid(),
    remarks: z.array(remarkEntry).min(1).max(200),
  })
  .superRefine((v, ctx) =>
    refuseRepeats(
      ctx,
      v.remarks,
      (r) => r.student_id,
      EXAM_MESSAGES.remarkRepeated,
      (n) => ['remarks', n, 'student_id'],
    ),
  );
export type RemarksInput = z.output<typeof remarksInputSchema>;
