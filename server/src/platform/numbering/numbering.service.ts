import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentCounters } from './numbering.table';

/**
 * The next number of a document series, taken in the caller's (posting) transaction. The upsert
 * locks the counter row until that transaction ends, so concurrent postings queue here and each
 * gets the next number; a rollback releases the number with everything else. Never `max() + 1`.
 */
export async function nextNumber(tx: Db, instituteId: string, kind: string, period: string): Promise<number> {
  return nextNumbers(tx, instituteId, kind, period, 1);
}

/**
 * The next `count` numbers of a series at once (a batch posted in one transaction, as the demo
 * seed does): answers the first; the batch owns it and the `count - 1` after it. Same lock, same
 * rollback as nextNumber.
 */
export async function nextNumbers(
  tx: Db,
  instituteId: string,
  kind: string,
  period: string,
  count: number,
): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`cannot take ${count} numbers`);
  const [row] = await tx
    .insert(documentCounters)
    .values({ instituteId, kind, period, last: count })
    .onConflictDoUpdate({
      target: [documentCounters.instituteId, documentCounters.kind, documentCounters.period],
      set: { last: sql`${documentCounters.last} + ${count}` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error(`no number issued for ${kind} ${period}`);
  return row.last - count + 1;
}
