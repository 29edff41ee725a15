import type { GroupStatus, GroupType } from '@schooliko/common/groups';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';

/**
 * A group of institutes (a chain). Groups span institutes, so they carry no institute_id;
 * institutes join one through institutes.group_id, directors through group_directors.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'GRP-' and six upper-case letters or digits, chosen by the server. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').$type<GroupType>().notNull(),
    description: text('description').notNull().default(''),
    website: text('website').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    country: text('country').notNull().default('India'),
    establishmentYear: integer('establishment_year'),
    tags: text('tags').array().notNull().default([]),
    logoUrl: text('logo_url'),
    status: text('status').$type<GroupStatus>().notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index('groups_name_lower_idx').on(sql`lower(${t.name})`),
    index('groups_type_idx').on(t.type),
    index('groups_created_by_idx').on(t.createdBy),
  ],
);
export type GroupRow = typeof groups.$inferSelect;

/**
 * Who directs a group. institute_id is the institute of the director's membership when they
 * became a director (where their notifications about the group go).
 */
export const groupDirectors = pgTable(
  'group_directors',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    isPrincipal: boolean('is_principal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_directors_user_idx').on(t.userId)],
);
export type GroupDirectorRow = typeof groupDirectors.$inferSelect;
