import type {
  Suggestion,
  suggestionInputSchema,
  suggestionListQuery,
} from '@schooliko/common/desk/suggestions';
import { SUGGESTION_MESSAGES } from '@schooliko/common/desk/suggestions';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { listPage, searchIn, totalRows } from '../../kit/list-page';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { users } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { suggestions } from './suggestions.table';

const s = suggestions;
type Row = typeof suggestions.$inferSelect;

const toSuggestion = (row: Row): Suggestion => ({
  id: row.id,
  category: row.category as Suggestion['category'],
  text: row.text,
  anonymous: row.anonymous,
  sender_name: row.anonymous ? null : row.senderName,
  state: row.state as Suggestion['state'],
  created_on: row.createdOn,
});

/**
 * Files a suggestion. An anonymous one is written with no user id, no name and only the day:
 * nothing to trace it back (no audit row either; the rate limiter counts in memory or Redis and
 * the request log holds no body or user).
 */
export async function createSuggestion(
  tx: Db,
  actor: Actor,
  input: z.output<typeof suggestionInputSchema>,
): Promise<{ id: string }> {
  let senderName: string | null = null;
  if (!input.anonymous) {
    const [me] = await tx
      .select({ name: personName(users) })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1);
    senderName = me?.name ?? '';
  }
  const [row] = await tx
    .insert(s)
    .values({
      instituteId: actor.institute.id,
      category: input.category,
      text: input.text,
      anonymous: input.anonymous,
      senderUserId: input.anonymous ? null : actor.userId,
      senderName,
      createdOn: sql`(now() at time zone 'Asia/Kolkata')::date`,
    })
    .returning({ id: s.id });
  if (!row) throw new Error('suggestion not stored');
  return { id: row.id };
}

export async function listSuggestions(tx: Db, actor: Actor, query: z.output<typeof suggestionListQuery>) {
  const where = and(
    eq(s.instituteId, actor.institute.id),
    query.state ? eq(s.state, query.state) : undefined,
    query.category ? eq(s.category, query.category) : undefined,
    searchIn(query.search, [s.text]),
  );
  const dir = query.order === 'asc' ? asc : desc;
  return listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      tx
        .select({ row: s, total: totalRows })
        .from(s)
        .where(where)
        .orderBy(dir(s.createdOn), dir(s.id))
        .limit(limit)
        .offset(offset),
    countAll: async () => {
      const [row] = await tx.select({ n: count() }).from(s).where(where);
      return row?.n ?? 0;
    },
    toItem: (r) => toSuggestion(r.row),
  });
}

export async function setSuggestionState(tx: Db, actor: Actor, id: string, state: Suggestion['state']) {
  const [row] = await tx
    .update(s)
    .set({ state })
    .where(and(eq(s.instituteId, actor.institute.id), eq(s.id, id)))
    .returning();
  if (!row) throw httpError(404, SUGGESTION_MESSAGES.notFound);
  return toSuggestion(row);
}
