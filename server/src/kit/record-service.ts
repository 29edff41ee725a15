import type { Message } from '@schooliko/common/messages';
import { type AnyColumn, and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { httpError } from '../plugins/errors';
import { listPage, orderFor, searchIn, totalRows } from './list-page';
import type { Actor } from './scope';

/** A table made by `tenantTable()`: its institute and id columns. */
type Tenant = PgTable & { instituteId: PgColumn; id: PgColumn };

/** A list query: page, limit, search, order, and the module's `sort` and filters. */
type Query<K extends string> = {
  page: number;
  limit: number;
  search?: string;
  order: 'asc' | 'desc';
  sort?: K;
};

/**
 * The service of a plain record module, written once: a page of the list (search, sort, stable
 * pages), every match for the export, add, read one, change one, all within the caller's
 * institute and through `listPage()`. A module gives its table, how a row reads as an item and
 * an input as columns, where search looks and what may be sorted; it keeps its own service for
 * anything more (a policy, an audit row for a person's record, a state machine).
 *
 * `recordRoutes()` takes the result as is: `recordRoutes({ …, ...recordService({ … }) })`.
 */
export function recordService<
  T extends Tenant,
  Item,
  C extends z.ZodTypeAny,
  U extends z.ZodTypeAny,
  K extends string,
>(module: {
  table: T;
  /** The same schemas `recordRoutes()` is given: what add and change are sent. */
  schemas: { create: C; update: U };
  toItem: (row: T['$inferSelect']) => Item;
  /** The columns an input writes (an update's input names only the fields it changes). */
  toColumns: (input: z.output<C> | z.output<U>) => Partial<T['$inferInsert']>;
  /** Where `search` looks. */
  search: (table: T) => readonly (AnyColumn | SQL)[];
  /** What the list may be sorted by, and its default. */
  sorts: (table: T) => Record<K, AnyColumn | SQL>;
  defaultSort: NoInfer<K>;
  /** The filters beyond search: a condition for each the query names. */
  filters?: (
    table: T,
    query: Omit<Query<K>, 'page' | 'limit'> & Record<string, unknown>,
  ) => (SQL | undefined)[];
  /** The 404's message. */
  notFound: Message;
}) {
  const t = module.table;
  const mine = (actor: Actor) => eq(t.instituteId, actor.institute.id);
  const where = (actor: Actor, query: Omit<Query<K>, 'page' | 'limit'>) =>
    and(mine(actor), searchIn(query.search, module.search(t)), ...(module.filters?.(t, query) ?? []));
  const order = (query: Omit<Query<K>, 'page' | 'limit'>) =>
    orderFor(module.sorts(t), query.sort, module.defaultSort, query.order, t.id);
  const one = async (tx: Db, actor: Actor, id: string) => {
    const [row] = await tx
      .select()
      .from(t as PgTable)
      .where(and(mine(actor), eq(t.id, id)))
      .limit(1);
    if (!row) throw httpError(404, module.notFound);
    return module.toItem(row as T['$inferSelect']);
  };

  return {
    list: (tx: Db, actor: Actor, query: Query<K>) =>
      listPage({
        page: query.page,
        limit: query.limit,
        rows: (limit, offset) =>
          tx
            .select({ row: t as PgTable, total: totalRows })
            .from(t as PgTable)
            .where(where(actor, query))
            .orderBy(...order(query))
            .limit(limit)
            .offset(offset) as Promise<{ row: T['$inferSelect']; total: number }[]>,
        countAll: async () => {
          const [row] = await tx
            .select({ n: count() })
            .from(t as PgTable)
            .where(where(actor, query));
          return row?.n ?? 0;
        },
        toItem: (r) => module.toItem(r.row),
      }),
    /** Every match of the list's filters, 500 rows a read, for the export. */
    async *matching(tx: Db, actor: Actor, filters: Omit<Query<K>, 'page' | 'limit'>) {
      for (let offset = 0; ; offset += 500) {
        const rows = await tx
          .select()
          .from(t as PgTable)
          .where(where(actor, filters))
          .orderBy(...order(filters))
          .limit(500)
          .offset(offset);
        for (const row of rows) yield module.toItem(row as T['$inferSelect']);
        if (rows.length < 500) return;
      }
    },
    create: async (tx: Db, actor: Actor, input: z.output<C>) => {
      const [row] = await tx
        .insert(t)
        .values({ ...module.toColumns(input), instituteId: actor.institute.id } as T['$inferInsert'])
        .returning();
      return module.toItem(row as T['$inferSelect']);
    },
    read: one,
    update: async (tx: Db, actor: Actor, id: string, input: z.output<U>) => {
      // A PATCH names only what it changes: the fields it leaves out stay as they are.
      const changes = Object.fromEntries(
        Object.entries(module.toColumns(input)).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(changes).length === 0) return { item: await one(tx, actor, id) };
      const [row] = (await tx
        .update(t)
        .set(changes as never)
        .where(and(mine(actor), eq(t.id, id)))
        .returning()) as T['$inferSelect'][];
      if (!row) throw httpError(404, module.notFound);
      return { item: module.toItem(row as T['$inferSelect']) };
    },
  };
}
