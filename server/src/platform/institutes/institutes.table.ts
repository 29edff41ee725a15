import type { RoleImage } from '@schooliko/common/institutes';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant root: one row per institute, found by the domain it is served on. */
export const institutes = pgTable(
  'institutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    domain: text('domain').notNull().unique(),
    subdomain: text('subdomain').unique(),
    type: text('type').notNull().default('school'),
    groupId: uuid('group_id'),
    logoUrl: text('logo_url'),
    slogan: text('slogan'),
    coverImageUrl: text('cover_image_url'),
    roleImages: jsonb('role_images').$type<RoleImage[]>().notNull().default([]),
    contactPerson: text('contact_person'),
    /** Who opened it from the website builder (POST /api/website/institutes): their daily cap counts these. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index('institutes_name_idx').on(t.name),
    index('institutes_group_idx').on(t.groupId),
    index('institutes_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

export type Institute = typeof institutes.$inferSelect;
export type NewInstitute = typeof institutes.$inferInsert;
