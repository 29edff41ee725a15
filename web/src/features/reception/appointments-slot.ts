/** A slot typed as a day (YYYY-MM-DD), a time (HH:MM) and minutes, as ISO instants in India. */
export function slotOf(day: string, time: string, minutes: number) {
  const start = new Date(`${day}T${time}:00+05:30`);
  if (Number.isNaN(start.getTime())) return null;
  return {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
  };
}

/** Tomorrow in India, as YYYY-MM-DD (the first day a parent may ask for). */
export function tomorrowInIndia(now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export const SLOT_MINUTES = [15, 30, 45, 60] as const;
