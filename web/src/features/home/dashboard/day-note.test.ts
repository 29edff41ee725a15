import type { DayStatus } from '@schooliko/common/academics/calendar';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { emptyDayNote } from './day-note';

/** The key, and its values when there are any: what each branch chose, without the strings. */
const t = ((key: string, values?: object) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as TFunction;
const day = (state: DayStatus['state'], holiday: string | null = null): DayStatus => ({
  date: '2026-11-29',
  state,
  holiday,
});

describe('emptyDayNote', () => {
  it('says the school is closed on a weekly off, not that the teacher leads no section (issue 32)', () => {
    expect(emptyDayNote(t, day('weeklyOff'), 0, 'You lead no section')).toBe(
      'academics.home.closed.weeklyOff',
    );
    // Even when the list has rows (a panel must not offer to take attendance on a closed day).
    expect(emptyDayNote(t, day('weeklyOff'), 2, 'You lead no section')).toBe(
      'academics.home.closed.weeklyOff',
    );
  });

  it('names the holiday that closes the day', () => {
    expect(emptyDayNote(t, day('holiday', 'Guru Nanak Jayanti'), 0, 'none')).toBe(
      'academics.home.closed.holiday {"name":"Guru Nanak Jayanti"}',
    );
  });

  it('on a working day, says the empty text only when nothing is listed', () => {
    expect(emptyDayNote(t, day('working'), 0, 'You lead no section')).toBe('You lead no section');
    expect(emptyDayNote(t, day('working'), 1, 'You lead no section')).toBeNull();
  });
});
