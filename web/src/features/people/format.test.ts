import { describe, expect, it } from 'vitest';
import { changeLines, formatDate, nextSession } from './format';

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

  it('names the session after a year, a year on', () => {
    expect(
      nextSession({
        id: 'y',
        name: '2026-27',
        starts_on: '2026-04-01',
        ends_on: '2027-03-31',
        is_current: true,
      }),
    ).toEqual({ name: '2027-28', starts_on: '2027-04-01', ends_on: '2028-03-31' });
    expect(
      nextSession({
        id: 'y',
        name: '2099-00',
        starts_on: '2099-06-01',
        ends_on: '2100-04-30',
        is_current: false,
      }).name,
    ).toBe('2100-01');
  });
});
