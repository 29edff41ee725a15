import { boolean, date, index, text, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * Suggestions. An anonymous one keeps no sender (null user), only the day it came (no time that
 * could be matched with a sign-in), and no address: a CHECK in the migration holds it.
 */
export const suggestions = tenantTable(
  'suggestions',
  {
    category: text('category').notNull(),
    text: text('text').notNull(),
    anonymous: boolean('anonymous').notNull(),
    senderUserId: uuid('sender_user_id'),
    senderName: text('sender_name'),
    state: text('state').notNull().default('new'),
    createdOn: date('created_on').notNull(),
  },
  (t) => [index('suggestions_newest_idx').on(t.instituteId, t.createdOn, t.id)],
);
