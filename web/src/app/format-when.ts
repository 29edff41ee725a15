/**
 * A moment as people read it in the chosen language's Indian locale (en-IN, hi-IN, mr-IN):
 * "24 Nov 2026, 6:41 pm". The bell and the website builder both show times with it.
 */
export function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(`${language}-IN`, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
