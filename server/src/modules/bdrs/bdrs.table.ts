import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Business development representatives (spec 3.11); a platform table, not owned by an institute. */
export const bdrs = pgTable('bdrs', {
  id: uuid('id').primaryKey().defaultRandom(),
  bdrId: text('bdr_id').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  contact: text('contact').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
export type Bdr = typeof bdrs.$inferSelect;

/**
 * What a verified OTP grants: 30 minutes to upload images and register one domain for that
 * BDR. Stored hashed; registration uses it up.
 */
export const registrationGrants = pgTable(
  'registration_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    bdrId: text('bdr_id')
      .notNull()
      .references(() => bdrs.bdrId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_grants_bdr_idx').on(t.bdrId)],
);
