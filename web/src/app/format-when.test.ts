import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayTime, formatWhen } from './format-when';

describe('formatWhen', () => {
  const tz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    process.env.TZ = tz;
  });

  it('writes a moment in the Indian locale of the chosen language', () => {
    const iso = '2026-11-24T13:11:28.000Z';
    expect(formatWhen(iso, 'en')).toBe('24 Nov 2026, 6:41 pm');
    expect(formatWhen(iso, 'hi')).toBe('24 नव॰ 2026, 6:41 pm');
  });

  it('leaves a date it cannot read empty', () => {
    expect(formatWhen('not a date', 'en')).toBe('');
  });

  it('writes a day and time without the year, in India time whatever the device says', () => {
    process.env.TZ = 'UTC';
    expect(formatDayTime('2026-11-24T13:11:28.000Z', 'en')).toBe('24 Nov, 06:41 pm');
    expect(formatDayTime('nonsense', 'en')).toBe('');
  });
});
