import type { StudentStatus } from '@schooliko/common/people/students';
import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, date, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** Siblings grouped (Gibbon's family): drives the sibling concession of the fees module. */
export const families = tenantTable('families', {
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pupil (MODULES.md section 3, the UDISE+ field set). Only the last 4 digits of Aadhaar are kept.
 * Never deleted: leaving is a status, and every change is in the audit log.
 */
export const students = tenantTable(
  'students',
  {
    admissionNo: text('admission_no').notNull(),
    rollNo: text('roll_no').notNull().default(''),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    gender: text('gender').$type<'male' | 'female' | 'other'>().notNull(),
    bloodGroup: text('blood_group'),
    socialCategory: text('social_category'),
    religion: text('religion').notNull().default(''),
    motherTongue: text('mother_tongue').notNull().default(''),
    nationality: text('nationality').notNull().default('Indian'),
    apaarId: text('apaar_id').notNull().default(''),
    pen: text('pen').notNull().default(''),
    aadhaarLast4: text('aadhaar_last4').notNull().default(''),
    bpl: boolean('bpl').notNull().default(false),
    rte: boolean('rte').notNull().default(false),
    cwsn: boolean('cwsn').notNull().default(false),
    impairment: text('impairment'),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    pincode: text('pincode').notNull().default(''),
    photoUrl: text('photo_url').notNull().default(''),
    previousSchool: text('previous_school').notNull().default(''),
    previousTcNo: text('previous_tc_no').notNull().default(''),
    medium: text('medium'),
    stream: text('stream'),
    house: text('house').notNull().default(''),
    status: text('status').$type<StudentStatus>().notNull().default('enrolled'),
    leavingReason: text('leaving_reason').notNull().default(''),
    sectionId: uuid('section_id'),
    familyId: uuid('family_id'),
    userId: uuid('user_id'),
    admittedOn: date('admitted_on', { mode: 'string' }),
    leftOn: date('left_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
    /**
     * Every text the list's search looks in (students.service.ts, `listWhere`), one per line, for
     * the trigram index below. Kept by PostgreSQL itself; never written by the app.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`admission_no || E'\\n' || first_name || ' ' || last_name || E'\\n' || first_name || ' ' || middle_name || ' ' || last_name || E'\\n' || apaar_id`,
    ),
  },
  (t) => [
    uniqueIndex('students_admission_no_idx').on(t.instituteId, t.admissionNo),
    // A section's pupils; with the status, whether it has any on the rolls is read off the index.
    index('students_section_idx').on(t.instituteId, t.sectionId, t.status),
    // The list's default order (SORTS.name in students.service.ts): a page is read off the index.
    index('students_name_idx').on(t.instituteId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    // Search by any fragment (pg_trgm, with btree_gin for the institute): read through the
    // function students_matching (migration 0015), since row-level security keeps ILIKE, which is
    // not leakproof, from using an index in the app's own transactions. No pending list
    // (fastupdate): PGlite has no autovacuum to merge it, and a search would read it all.
    index('students_search_idx')
      .using('gin', t.instituteId, t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // Counts and lists by status (on the rolls, left, …), and the school's figures (girls, boys,
    // RTE pupils on the rolls), read off the index alone.
    index('students_status_idx').on(t.instituteId, t.status, t.gender, t.rte),
    index('students_user_idx').on(t.instituteId, t.userId),
    index('students_family_idx').on(t.instituteId, t.familyId),
  ],
);
/** A student as the app reads it: every column but the search text, which only the index needs. */
const { searchText: _searchText, ...readable } = getTableColumns(students);
export const studentColumns = readable;
export type StudentRow = Omit<typeof students.$inferSelect, 'searchText'>;
