import { describe, expect, it } from 'vitest';
import { exportQuery, listQuery } from './list-query';

const state = {
  pagination: { page: 2, pageSize: 25 },
  sort: [{ field: 'name', sort: 'desc' as const }],
  search: '  aarav ',
  filters: { status: 'enrolled', section_id: '' },
};

describe('list state to the server query', () => {
  it('maps page (1-based), limit, trimmed search, sort, order and the set filters', () => {
    expect(listQuery(state)).toEqual({
      page: 3,
      limit: 25,
      search: 'aarav',
      sort: 'name',
      order: 'desc',
      status: 'enrolled',
    });
    expect(listQuery({ ...state, sort: [], search: '' })).toEqual({ page: 3, limit: 25, status: 'enrolled' });
  });

  it('exports with the same filters and no paging', () => {
    expect(exportQuery(state, 'xlsx')).toBe('search=aarav&sort=name&order=desc&status=enrolled&format=xlsx');
  });
});
