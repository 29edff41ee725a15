/** Intl's date fields for a dateStyle, which cannot be given together with a time of day in words. */
const DATE_FIELDS: Record<string, Intl.DateTimeFormatOptions> = {
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
};

/**
 * Intl's format of a moment in the language's Indian locale (en-IN, hi-IN, mr-IN). Intl writes
 * "pm" in Hindi and "PM" in Marathi (issue 32); there a time says its part of the day in words
 * instead: "शाम 6:41", "संध्याकाळ ६:४१". English keeps "6:41 pm". Every time the app shows is
 * written with it.
 */
export function momentFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = `${language}-IN`;
  const { dateStyle, timeStyle, ...rest } = options;
  if (language === 'en' || !(timeStyle || options.hour)) return new Intl.DateTimeFormat(locale, options);
  return new Intl.DateTimeFormat(locale, {
    ...(dateStyle ? DATE_FIELDS[dateStyle] : {}),
    ...(timeStyle ? { hour: 'numeric', minute: '2-digit' } : {}),
    ...rest,
    dayPeriod: 'short',
  });
}

/**
 * A moment as people read it in the chosen language's Indian locale (en-IN, hi-IN, mr-IN):
 * "24 Nov 2026, 6:41 pm", in India's time. The bell, the send logs and the website builder show times with it.
 */
export function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return momentFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    date,
  );
}

/**
 * A day and time without the year, in India's time, as a deadline or a hand-in reads: "24 Nov,
 * 06:41 pm" (homework).
 */
export function formatDayTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return momentFormat(language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

/** A time of day in India's time, in the language: "10:42 am", "सुबह 10:42". */
export function formatTime(iso: string, language: string): string {
  return momentFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
}
