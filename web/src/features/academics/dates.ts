export { shiftMonth } from '../../kit/forms/when-text';

const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

/** "Tue, 10 Nov" (in the person's language) for a yyyy-mm-dd day. */
export function formatDay(day: string, language: string, withYear = false): string {
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** "November 2026" in the person's language. */
export function formatMonth(month: string, language: string): string {
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The first and last day of a yyyy-mm month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
