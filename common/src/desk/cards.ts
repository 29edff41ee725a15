import { z } from 'zod';

/** GET /api/dashboard/desk: the admin home's reception cards (committee complaints: members only). */
export const deskCardsSchema = z.object({
  new_enquiries: z.number().nullable(),
  open_complaints: z.number().nullable(),
});
export type DeskCards = z.output<typeof deskCardsSchema>;
