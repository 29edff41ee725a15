import type { DayStatus } from '@schooliko/common/academics/calendar';
import type { TFunction } from 'i18next';

/** Why there are no lessons on a day the school is closed ("No classes today: Diwali holiday"), or null. */
export function closedNote(t: TFunction, day: DayStatus): string | null {
  if (day.state === 'working') return null;
  if (day.state === 'holiday') return t('academics.home.closed.holiday', { name: day.holiday ?? '' });
  return t(`academics.home.closed.${day.state}`);
}

/**
 * What a day's panel says when it lists nothing: that the school is closed (a holiday or weekly
 * off), else `empty`; null while it lists something. Attendance to take and the schedule both ask,
 * so a closed day never reads as "you lead no section" (issue 32).
 */
export function emptyDayNote(t: TFunction, day: DayStatus, listed: number, empty: string): string | null {
  return closedNote(t, day) ?? (listed ? null : empty);
}
