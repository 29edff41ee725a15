import { like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutes } from './institutes.table';

/** 'Sunrise Academy' -> 'SA', 'Greenwood' -> 'GRE': the letters an institute's code starts with. */
export function codePrefix(name: string): string {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const prefix = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 3);
  return (prefix || 'INS').slice(0, 5);
}

/** The first free code of the name's prefix and a two-digit (or longer) number: SA01, SA02, ... */
export async function uniqueInstituteCode(db: Db, name: string): Promise<string> {
  const prefix = codePrefix(name);
  const taken = new Set(
    (
      await db
        .select({ code: institutes.code })
        .from(institutes)
        .where(like(institutes.code, `${prefix}%`))
    ).map((r) => r.code),
  );
  for (let n = 1; ; n++) {
    const code = `${prefix}${String(n).padStart(2, '0')}`;
    if (!taken.has(code)) return code;
  }
}
