import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayTime, formatTime, formatWhen } from './format-when';

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
    // Hindi and Marathi say the part of the day in words, not Intl's "pm" and "PM" (issue 32).
    expect(formatWhen(iso, 'hi')).toBe('24 नव॰ 2026, शाम 6:41');
    expect(formatWhen(iso, 'mr')).toBe('२४ नोव्हें, २०२६, संध्याकाळ ६:४१');
    expect(formatTime('2026-11-24T04:12:00.000Z', 'hi')).toBe('सुबह 9:42');
    expect(formatTime('2026-11-24T04:12:00.000Z', 'en')).toBe('9:42 am');
  });

  it('leaves a date it cannot read empty', () => {
    expect(formatWhen('not a date', 'en')).toBe('');
  });

  it('writes a day and time without the year, in India time whatever the device says', () => {
    process.env.TZ = 'UTC';
    expect(formatDayTime('2026-11-24T13:11:28.000Z', 'en')).toBe('24 Nov, 06:41 pm');
    expect(formatDayTime('2026-11-24T13:11:28.000Z', 'hi')).toBe('24 नव॰, शाम 06:41');
    expect(formatDayTime('nonsense', 'en')).toBe('');
  });
});
