import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail that was not sent over SMTP lands here, readable at /dev/mail outside production. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** 'email', or 'sms' for text messages kept here when no SMS provider is configured. */
    channel: text('channel').notNull().default('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Order of arrival: timestamps can tie (PGlite's clock has millisecond steps). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.seq), index('outbox_seq_idx').on(t.seq)],
);
