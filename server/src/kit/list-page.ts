import { type Pagination, pagination } from '@schooliko/common/http';
import { type AnyColumn, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern that matches `text` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `search` in any of `columns` (case-insensitive), or no condition when there is no search. */
export function searchIn(search: string | undefined, columns: readonly (AnyColumn | SQL)[]): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/**
 * The rows whose search text holds `search`, found through the table's trigram index by its
 * `<table>_matching` function (SECURITY DEFINER, scoped to the transaction's institute): under
 * row-level security PostgreSQL never uses an index for ILIKE, which is not leakproof, and would
 * read every row of the institute. Only narrows: the caller keeps its `searchIn` conditions, and
 * row-level security still applies to the rows it reads (docs/modules.md, "Search at scale").
 * The matches are read once into an array (an InitPlan): as `in (select …)`, a planner that
 * believed the table nearly empty called the function again for every row (2.6 s for 2,000).
 */
export function indexedSearch(
  search: string | undefined,
  id: AnyColumn,
  matching: 'students_matching' | 'admission_enquiries_matching',
): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  return sql`${id} = any(array(select ${sql.identifier(matching)}(${containsPattern(term)})))`;
}

/** ORDER BY for a list: the chosen column (or the default) and a unique tiebreak for stable pages. */
export function orderFor<K extends string>(
  sorts: Record<K, AnyColumn | SQL>,
  sort: K | undefined,
  fallback: K,
  order: 'asc' | 'desc',
  tiebreak: AnyColumn,
): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  return [dir(sorts[sort ?? fallback]), dir(tiebreak)];
}

/** The window column that carries the filtered total on every row of a page. */
export const totalRows = sql<number>`count(*) over()`.mapWith(Number);

/**
 * One page of a list with its total in one round trip (`count(*) over()` on each row). When the
 * page is past the end there is no row to carry the total, so `countAll` runs instead.
 */
export async function listPage<Row extends { total: number }, Item>(options: {
  page: number;
  limit: number;
  rows: (limit: number, offset: number) => Promise<Row[]>;
  countAll: () => Promise<number>;
  toItem: (row: Row) => Item;
}): Promise<{ items: Item[]; pagination: Pagination }> {
  const { page, limit } = options;
  const rows = await options.rows(limit, (page - 1) * limit);
  const total = rows[0]?.total ?? (page > 1 ? await options.countAll() : 0);
  return { items: rows.map(options.toItem), pagination: pagination({ page, limit }, total) };
}
