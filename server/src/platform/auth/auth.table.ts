import type { Role } from '@schooliko/common/auth';
import type { JobSet } from '@schooliko/common/permissions';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutes } from '../institutes/institutes.table';

/** People: one email, one password, across every institute they belong to. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  mobile: text('mobile').notNull(),
  /** The person's own photo (Profile Settings), '' when none. */
  photoUrl: text('photo_url').notNull().default(''),
  isOperator: boolean('is_operator').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
export type User = typeof users.$inferSelect;

export const MEMBERSHIP_STATUSES = ['pending', 'active', 'rejected'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A user's roles at one institute; pending until an admin approves (DESIGN.md section 5). */
export const memberships = pgTable(
  'memberships',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().$type<Role[]>().notNull(),
    /** Roles asked for and not yet approved. */
    requestedRoles: text('requested_roles').array().$type<Role[]>().notNull().default([]),
    status: text('status').$type<MembershipStatus>().notNull().default('pending'),
    /** Extra permission sets for a staff member's job (common/permissions.ts JOB_SETS). */
    jobSets: text('job_sets').array().$type<JobSet[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    // The admin dashboard's recent activity: the newest sign-ups and decisions of one institute.
    index('memberships_institute_created_idx').on(t.instituteId, t.createdAt),
    index('memberships_institute_updated_idx').on(t.instituteId, t.updatedAt),
  ],
);
export type Membership = typeof memberships.$inferSelect;

/**
 * Refresh tokens, stored hashed. Every refresh uses one up and issues the next in the same
 * family; presenting a used one again revokes the whole family.
 */
export const sessions = pgTable(
  'sessions',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    // Looked up on its own: a token presented at another institute's host is told so.
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Tenant key first (ADR 007), like every table that belongs to an institute.
    primaryKey({ columns: [t.instituteId, t.id] }),
    index('sessions_token_idx').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Single-use password reset links (30 minutes), stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.tokenHash] }),
    index('password_resets_user_idx').on(t.userId),
  ],
);
