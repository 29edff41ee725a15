import { z } from 'zod';
import { defineMessages } from '../messages';

/**
 * Year-end promotion (issue 12 B.2): every pupil on the rolls of a year moves to the next class in
 * the target year (VII-A → VIII-A), stays in their class when marked detained, or passes out from
 * the last class. A preview says what would happen, writing nothing; the run is a job.
 */

/** How a student's year ended, as their enrolment keeps it (null while the year runs). */
export const ENROLMENT_OUTCOMES = ['promoted', 'detained', 'left', 'passed_out'] as const;
export type EnrolmentOutcome = (typeof ENROLMENT_OUTCOMES)[number];

/** Students moved per transaction by the promotion job (each batch is its own checkpoint). */
export const PROMOTION_BATCH = 200;

export const PROMOTION_MESSAGES = defineMessages(
  'promotions',
  {
    accepted: 'Promotion started',
    sameYear: 'Choose a different year to promote into',
    targetNotLater: 'The year to promote into must start after the year being promoted',
    sectionNotInYear: 'This section is not in the year being promoted',
    targetNotInYear: 'Choose a section of the year to promote into',
    detainedNotOnRolls: 'A student marked detained is not on the rolls of this year',
    conflicts: 'Resolve the conflicts shown in the preview first',
    nothingToPromote: 'No student of this year is on the rolls',
    missingTarget: (label: string) => `There is no section ${label} in the year to promote into`,
    targetFull: (label: string, capacity: number, count: number) =>
      `Section ${label} would have ${count} students for ${capacity} seats`,
  } as const,
  { missingTarget: ['label'], targetFull: ['label', 'capacity', 'count'] },
);

const uuidList = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .default([])
    .transform((ids) => [...new Set(ids)]);

/** What the admin chooses: the two years, who is detained, and any section the default maps wrongly. */
export const promotionInputSchema = z
  .object({
    from_year_id: z.uuid(),
    to_year_id: z.uuid(),
    /** Students who stay in their class (in the same section of the target year). */
    detained_ids: uuidList(5000),
    /** Overrides of the default target (the next class's section of the same name). */
    mapping: z
      .array(z.object({ from_section_id: z.uuid(), to_section_id: z.uuid() }))
      .max(500)
      .default([]),
    /** Create a target section that does not exist yet (same name, the source's capacity and room). */
    create_sections: z.boolean().default(true),
    /** Make the target year the current one when the job is done. */
    set_current: z.boolean().default(false),
  })
  .refine((v) => v.from_year_id !== v.to_year_id, {
    error: PROMOTION_MESSAGES.sameYear.error,
    path: ['to_year_id'],
  });
export type PromotionInput = z.output<typeof promotionInputSchema>;

const conflictSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  section: z.string(),
});
export type PromotionConflict = z.infer<typeof conflictSchema>;

/** One section of the year being promoted, and where its pupils would go. */
export const promotionRowSchema = z.object({
  section_id: z.string(),
  label: z.string(),
  students: z.number(),
  promoted: z.number(),
  detained: z.number(),
  passed_out: z.number(),
  /** Where the promoted pupils go ("VIII-A"), null from the last class. */
  to_label: z.string().nullable(),
  to_section_id: z.string().nullable(),
  /** The target section does not exist yet and will be made. */
  creates: z.boolean(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

/** A section of the target year and how full it would be. */
export const promotionTargetSchema = z.object({
  label: z.string(),
  section_id: z.string().nullable(),
  capacity: z.number(),
  already: z.number(),
  incoming: z.number(),
});

export const promotionPlanSchema = z.object({
  from_year: z.object({ id: z.string(), name: z.string() }),
  to_year: z.object({ id: z.string(), name: z.string() }),
  sections: z.array(promotionRowSchema),
  targets: z.array(promotionTargetSchema),
  conflicts: z.array(conflictSchema),
  totals: z.object({
    students: z.number(),
    promoted: z.number(),
    detained: z.number(),
    passed_out: z.number(),
  }),
});
export type PromotionPlan = z.infer<typeof promotionPlanSchema>;

/** The job's result. */
export type PromotionResult = {
  total: number;
  promoted: number;
  detained: number;
  passed_out: number;
  made_current: boolean;
};
