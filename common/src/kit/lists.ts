import { z } from 'zod';

/** Every list: page, limit (up to 100), search, sort and order (DESIGN.md section 4). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
