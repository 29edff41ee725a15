import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One-time passwords (DESIGN.md section 5): six random digits stored as a keyed hash, single
 * use, ten minutes, five attempts. `purpose` and `subject` say what the code proves
 * (e.g. 'bdr' and the BDR id); a new code replaces the subject's earlier ones.
 */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_subject_idx').on(t.purpose, t.subject, t.createdAt)],
);
export type Otp = typeof otps.$inferSelect;
