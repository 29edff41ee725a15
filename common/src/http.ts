import { z } from 'zod';
import type { Coded, MessageParams } from './messages';

/** The one success and failure envelope every API answer uses (DESIGN.md section 4). */
export type Ok<T> = { success: true; message?: string; data: T };
/**
 * A failure: the spec's English `message` and its `code` (common/src/messages.ts) with the values
 * in it; per field, the English text in `errors` and its code in `codes`.
 */
export type Fail = {
  success: false;
  message: string;
  code: string;
  params?: MessageParams;
  errors?: Record<string, string>;
  codes?: Record<string, Coded>;
};

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export const failSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  params: paramsSchema.optional(),
  errors: z.record(z.string(), z.string()).optional(),
  codes: z.record(z.string(), z.object({ code: z.string(), params: paramsSchema.optional() })).optional(),
});

export function okSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
  /** More than `total` match: a broad search counts its matches up to there (issue 33). */
  capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: paginationSchema });
}

export function pagination(query: Pick<ListQuery, 'page' | 'limit'>, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, hasMore: query.page * query.limit < total };
}

/** Spec 8.1: what a person reads for a failed call. */
export function describeHttpError(status: number | string, serverMessage?: string): string {
  if (status === 404) return 'Resource not found';
  if (status === 401) return 'Unauthorized access';
  if (status === 403) return serverMessage || 'Access forbidden';
  if (status === 500) return 'Internal server error';
  if (serverMessage) return serverMessage;
  if (typeof status === 'number') return `Request failed with status ${status}`;
  return 'An unknown error occurred';
}
