import { integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * The last number issued of each document series (receipts, reversals, postal serials,
 * certificates), per institute and period ("2026-27"). A number is taken inside the transaction
 * that posts its document, by bumping this row (which locks it until that transaction ends): a
 * rollback gives the number back, so a series has no gaps and no repeats.
 */
export const documentCounters = tenantTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('document_counters_idx').on(t.instituteId, t.kind, t.period)],
);
