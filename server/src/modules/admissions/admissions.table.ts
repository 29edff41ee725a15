import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutes } from '../institutes/institutes.table';

export const ENQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Admission enquiries sent from the institute's public site (Admissions page). */
export const admissionEnquiries = pgTable(
  'admission_enquiries',
  {
    instituteId: uuid('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    studentName: text('student_name').notNull(),
    classSought: text('class_sought').notNull(),
    parentName: text('parent_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    message: text('message').notNull().default(''),
    status: text('status').$type<EnquiryStatus>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    index('admission_enquiries_newest_idx').on(t.instituteId, t.createdAt.desc()),
  ],
);
export type AdmissionEnquiryRow = typeof admissionEnquiries.$inferSelect;
