import type { EnquirySource, EnquiryState } from '@schooliko/common/desk/enquiries';
import { sql } from 'drizzle-orm';
import { date, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * Admission enquiries: sent from the institute's public site (Admissions page, source 'website')
 * or taken at the front desk (walk-in, phone, …); followed up and admitted (modules/enquiries).
 */
export const admissionEnquiries = tenantTable(
  'admission_enquiries',
  {
    source: text('source').$type<EnquirySource>().notNull().default('website'),
    studentName: text('student_name').notNull(),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender').$type<'male' | 'female' | 'other'>(),
    classSought: text('class_sought').notNull(),
    previousSchool: text('previous_school').notNull().default(''),
    parentName: text('parent_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    message: text('message').notNull().default(''),
    status: text('status').$type<EnquiryState>().notNull().default('new'),
    counsellorId: uuid('counsellor_id'),
    nextFollowUpOn: date('next_follow_up_on'),
    studentId: uuid('student_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index('admission_enquiries_newest_idx').on(t.instituteId, t.createdAt.desc(), t.id.desc()),
    index('admission_enquiries_state_idx').on(t.instituteId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
export type AdmissionEnquiryRow = typeof admissionEnquiries.$inferSelect;
