import type { WebsiteContent } from '@schooliko/common/website';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';

/**
 * One public website per institute (spec 2.15): the builder's draft, and the copy visitors see,
 * which only changes when someone publishes.
 */
export const websites = pgTable('websites', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').$type<WebsiteContent>().notNull(),
  published: jsonb('published').$type<WebsiteContent>(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
export type WebsiteRow = typeof websites.$inferSelect;
