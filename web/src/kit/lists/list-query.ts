import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

export type ListState = {
  pagination: GridPaginationModel;
  sort: GridSortModel;
  search: string;
  filters: Record<string, string>;
};

/** The grid's state as the server's list query: 1-based page, limit, search, sort, order, filters. */
export function listQuery(state: ListState): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: state.pagination.page + 1,
    limit: state.pagination.pageSize,
  };
  const search = state.search.trim();
  if (search) query.search = search;
  const [sort] = state.sort;
  if (sort?.sort) {
    query.sort = sort.field;
    query.order = sort.sort;
  }
  for (const [key, value] of Object.entries(state.filters)) if (value) query[key] = value;
  return query;
}

/** The same filters for an export: everything but paging. */
export function exportQuery(state: ListState, format: 'csv' | 'xlsx'): string {
  const { page: _page, limit: _limit, ...rest } = listQuery(state);
  return new URLSearchParams({
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
    format,
  }).toString();
}
