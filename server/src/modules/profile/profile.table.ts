import type { SocialLinks } from '@schooliko/common/profile';
import { sql } from 'drizzle-orm';
import { doublePrecision, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';

/** Spec 2.10 / 3.9: an institute's contact information, one row per institute. */
export const instituteProfiles = pgTable('institute_profiles', {
  instituteId: uuid('institute_id')
    .primaryKey()
    .references(() => institutes.id, { onDelete: 'cascade' }),
  website: text('website').notNull().default(''),
  address: text('address').notNull().default(''),
  landmark: text('landmark').notNull().default(''),
  pincode: text('pincode').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** The office's phone and email for visitors (issue 17 item 13): public, unlike any account's. */
  publicPhone: text('public_phone').notNull().default(''),
  publicEmail: text('public_email').notNull().default(''),
  socialMedia: jsonb('social_media').$type<SocialLinks>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
export type ProfileRow = typeof instituteProfiles.$inferSelect;
