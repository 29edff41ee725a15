/**
 * A moment as people read it in the chosen language's Indian locale (en-IN, hi-IN, mr-IN):
 * "24 Nov 2026, 6:41 pm". The bell and the website builder both show times with it.
 */
export function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(`${language}-IN`, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A day and time without the year, in India's time, as a deadline or a hand-in reads: "24 Nov,
 * 06:41 pm" (homework).
 */
export function formatDayTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(`${language}-IN`, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}
