import type { FollowUpMode } from '@schooliko/common/desk/enquiries';
import { date, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** An enquiry's follow-up log: a call, visit or message, its outcome and the next date. */
export const enquiryFollowUps = tenantTable(
  'enquiry_follow_ups',
  {
    enquiryId: uuid('enquiry_id').notNull(),
    on: date('on').notNull(),
    mode: text('mode').$type<FollowUpMode>().notNull(),
    outcome: text('outcome').notNull(),
    nextOn: date('next_on'),
    byUserId: uuid('by_user_id'),
    byName: text('by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enquiry_follow_ups_enquiry_idx').on(t.instituteId, t.enquiryId, t.createdAt)],
);
