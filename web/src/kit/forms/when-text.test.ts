import { describe, expect, it } from 'vitest';
import { listsT } from '../lists/lists-t.testing';
import { messageText } from './messages';
import {
  calendarNames,
  DATE_FIELD_MESSAGES,
  dayInWords,
  dayOfText,
  dayProblem,
  monthDays,
  readDay,
  readTime,
  shiftMonth,
  textOfDay,
  timeOfText,
} from './when-text';

describe('a day typed as people write it in India (issue 32)', () => {
  it('reads dd/mm/yyyy with /, - or . and an ISO day pasted, as the ISO text the forms keep', () => {
    expect(dayOfText('26/11/2026')).toBe('2026-11-26');
    expect(dayOfText('26-11-2026')).toBe('2026-11-26');
    expect(dayOfText(' 26.11.2026 ')).toBe('2026-11-26');
    expect(dayOfText('5/6/2015')).toBe('2015-06-05');
    expect(dayOfText('26112026')).toBe('2026-11-26');
    expect(dayOfText('2026-11-26')).toBe('2026-11-26');
    expect(dayOfText('29/02/2028')).toBe('2028-02-29');
  });

  it('reads no day that is not one, nor the American order', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2027',
      '11/26/2026',
      '26/11/26',
      '26/11',
      'tomorrow',
      '2026-02-30',
      '',
    ])
      expect(dayOfText(text), text).toBeNull();
  });

  it('writes an ISO day back as dd/mm/yyyy, and other text as it is', () => {
    expect(textOfDay('2026-11-26')).toBe('26/11/2026');
    expect(textOfDay('')).toBe('');
    expect(textOfDay('26/11/20')).toBe('26/11/20');
  });

  it('says what is wrong, by code: a text that is no day, a day before min or after max', () => {
    expect(dayProblem('')).toBeNull();
    expect(dayProblem('26/11/2026', '2026-04-01', '2026-11-26')).toBeNull();
    expect(dayProblem('31/02/2026')?.coded).toEqual({ code: 'dateField.unreadable' });
    expect(dayProblem('27/11/2026', undefined, '2026-11-26')?.coded).toEqual({
      code: 'dateField.tooLate',
      params: { max: '26/11/2026' },
    });
    expect(dayProblem('31/03/2026', '2026-04-01')?.text).toBe('The date must be on or after 01/04/2026');
    expect(DATE_FIELD_MESSAGES.unreadable.text).toBe('Enter the date as dd/mm/yyyy, for example 26/11/2026');
  });

  it('keeps the ISO day, nothing for an empty box, and a wrong text as typed so the schema refuses it', () => {
    expect(readDay('26.11.2026')).toEqual({ value: '2026-11-26', problem: null });
    expect(readDay('  ')).toEqual({ value: '', problem: null });
    expect(readDay('31/02/2026 ')).toEqual({ value: '31/02/2026', problem: DATE_FIELD_MESSAGES.unreadable });
    expect(readDay('27/11/2026', undefined, '2026-11-26').value).toBe('27/11/2026');
  });

  it('shows its error in the reader’s language through the message places', async () => {
    expect(messageText(await listsT('hi'), dayProblem('27/11/2026', undefined, '2026-11-26'))).toBe(
      'तारीख़ 26/11/2026 या उससे पहले की होनी चाहिए',
    );
  });
});

describe('a time typed on the 24-hour clock, whatever the browser says', () => {
  it('reads hh:mm, with a dot or none, and am/pm typed in English', () => {
    expect(timeOfText('15:30')).toBe('15:30');
    expect(timeOfText('9:05')).toBe('09:05');
    expect(timeOfText('15.30')).toBe('15:30');
    expect(timeOfText('1530')).toBe('15:30');
    expect(timeOfText('3:30 pm')).toBe('15:30');
    expect(timeOfText('12:15 AM')).toBe('00:15');
    expect(timeOfText('12 p.m.')).toBe('12:00');
    expect(timeOfText('00:00')).toBe('00:00');
    for (const text of ['24:00', '9:60', '13:00 pm', '15', 'noon', '3:3'])
      expect(timeOfText(text), text).toBeNull();
  });

  it('keeps the time, or the text as typed with its code', () => {
    expect(readTime('3:30 pm')).toEqual({ value: '15:30', problem: null });
    expect(readTime('25:00').problem?.coded).toEqual({ code: 'dateField.timeUnreadable' });
    expect(readTime('')).toEqual({ value: '', problem: null });
  });
});

describe('the calendar', () => {
  it('lays a month from Sunday: November 2026 starts on a Sunday, February 2028 has 29 days', () => {
    expect(monthDays('2026-11')).toMatchObject({ firstColumn: 0 });
    expect(monthDays('2026-11').days).toHaveLength(30);
    expect(monthDays('2026-12').firstColumn).toBe(2);
    expect(monthDays('2028-02').days.at(-1)).toBe('2028-02-29');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('names months and weekdays in English, Hindi and Marathi', () => {
    expect(calendarNames('en').months[10]).toBe('November');
    expect(calendarNames('hi').months[10]).toBe('नवंबर');
    expect(calendarNames('mr').months[10]).toBe('नोव्हेंबर');
    expect(calendarNames('en').weekdays[0]).toEqual({ narrow: 'S', long: 'Sunday' });
    expect(calendarNames('hi').weekdays[4]?.long).toBe('गुरुवार');
    expect(dayInWords('2026-11-26', 'en')).toMatch(/^Thursday, 26 November,? 2026$/);
  });
});
