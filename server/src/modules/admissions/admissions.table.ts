import type { EnquirySource, EnquiryState } from '@schooliko/common/desk/enquiries';
import { getTableColumns, sql } from 'drizzle-orm';
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
    /**
     * Every text the desk's search looks in (enquiries.service.ts), one per line, for the trigram
     * index below. Kept by PostgreSQL itself; never written or read by the app.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`student_name || E'\\n' || parent_name || E'\\n' || phone`,
    ),
  },
  (t) => [
    index('admission_enquiries_newest_idx').on(t.instituteId, t.createdAt, t.id),
    index('admission_enquiries_state_idx').on(t.instituteId, t.status, t.createdAt, t.id),
    // Search by any fragment, read through the function admission_enquiries_matching (migration
    // 0042), as students_search_idx is (students.table.ts says why).
    index('admission_enquiries_search_idx')
      .using('gin', t.instituteId, t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
/** An enquiry as the app reads it: every column but the search text, which only the index needs. */
const { searchText: _searchText, ...readable } = getTableColumns(admissionEnquiries);
export const enquiryColumns = readable;
export type AdmissionEnquiryRow = Omit<typeof admissionEnquiries.$inferSelect, 'searchText'>;
