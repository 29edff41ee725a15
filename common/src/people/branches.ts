import { z } from 'zod';

/** School lists (MODULES.md section 1): the institutes of the caller's group, with live figures. */
export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  domain: z.string(),
  logo_url: z.string().nullable(),
  is_current: z.boolean(),
  students: z.number(),
  girls: z.number(),
  boys: z.number(),
  rte: z.number(),
  staff: z.number(),
  teachers: z.number(),
  sections: z.number(),
  /** Classes (grades) with at least one section this session. */
  classes: z.number(),
  /** Seats: the capacities of this session's sections, added up. */
  seats: z.number(),
  guardians: z.number(),
  /** The current academic year's name ("2026-27"), or null when none is set. */
  session: z.string().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListSchema = z.object({
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  items: z.array(branchSchema),
});
export type BranchList = z.infer<typeof branchListSchema>;
