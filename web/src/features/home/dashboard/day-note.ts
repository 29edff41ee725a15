import type { DayStatus } from '@schooliko/common/academics/calendar';
import type { TFunction } from 'i18next';

/** Why there are no lessons on a day the school is closed ("No classes today: Diwali holiday"), or null. */
export function closedNote(t: TFunction, day: DayStatus): string | null {
  if (day.state === 'working') return null;
  if (day.state === 'holiday') return t('academics.home.closed.holiday', { name: day.holiday ?? '' });
  return t(`academics.home.closed.${day.state}`);
}
