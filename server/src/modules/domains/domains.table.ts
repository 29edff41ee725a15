import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutes } from '../../platform/institutes/institutes.table';

/** A domain registered through a BDR (spec 3.10), and the institute it was created for. */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainName: text('domain_name').notNull().unique(),
    bdrId: text('bdr_id').notNull(),
    instituteId: uuid('institute_id').references(() => institutes.id, { onDelete: 'set null' }),
    contactPerson: text('contact_person').notNull(),
    provider: text('provider').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    subdomainEnabled: boolean('subdomain_enabled').notNull().default(false),
    subdomain: text('subdomain'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domains_bdr_idx').on(t.bdrId),
    index('domains_institute_idx').on(t.instituteId),
    index('domains_created_idx').on(t.createdAt),
  ],
);
export type DomainRow = typeof domains.$inferSelect;
