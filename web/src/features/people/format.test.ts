import { describe, expect, it } from 'vitest';
import { changeLines, formatDate } from './format';

describe('people formatting', () => {
  it('writes dates in the Indian locale of the language', () => {
    expect(formatDate('2015-06-01', 'en')).toBe('01 Jun 2015');
    expect(formatDate(null, 'en')).toBe('—');
  });

  it('lists an audit entry field by field, in snake_case keys, without bookkeeping columns', () => {
    expect(
      changeLines({
        before: { phone: '9822012345', updatedAt: 'x', leftOn: null },
        after: { phone: '9822099999', leftOn: '2026-11-25' },
      }),
    ).toEqual([
      { field: 'phone', before: '9822012345', after: '9822099999' },
      { field: 'left_on', before: '—', after: '2026-11-25' },
    ]);
  });
});
