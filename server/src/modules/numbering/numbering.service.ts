import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentCounters } from './numbering.table';

/**
 * The next number of a document series, taken in the caller's (posting) transaction. The upsert
 * locks the counter row until that transaction ends, so concurrent postings queue here and each
 * gets the next number; a rollback releases the number with everything else. Never `max() + 1`.
 */
export async function nextNumber(tx: Db, instituteId: string, kind: string, period: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ instituteId, kind, period, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.instituteId, documentCounters.kind, documentCounters.period],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error(`no number issued for ${kind} ${period}`);
  return row.last;
}
