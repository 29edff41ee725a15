import type { EnrolmentOutcome } from '@schooliko/common/people/promotions';
import { index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * A student's place in one academic year: the section and roll number they had, and how the year
 * ended for them (null while it runs). One row per student per year, never deleted: a past year's
 * class list is read from here after the students have moved on.
 */
export const enrolments = tenantTable(
  'enrolments',
  {
    studentId: uuid('student_id').notNull(),
    academicYearId: uuid('academic_year_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    rollNo: text('roll_no').notNull().default(''),
    outcome: text('outcome').$type<EnrolmentOutcome>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrolments_student_year_idx').on(t.instituteId, t.studentId, t.academicYearId),
    index('enrolments_year_section_idx').on(t.instituteId, t.academicYearId, t.sectionId),
  ],
);
export type EnrolmentRow = typeof enrolments.$inferSelect;
