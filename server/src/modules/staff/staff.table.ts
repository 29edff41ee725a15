import type { StaffKind, StaffStatus } from '@schooliko/common/people/staff';
import { sql } from 'drizzle-orm';
import { date, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** Teachers and non-teaching staff. Never deleted: relieving is a status with its date. */
export const staff = tenantTable(
  'staff',
  {
    employeeCode: text('employee_code').notNull(),
    kind: text('kind').$type<StaffKind>().notNull().default('teaching'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    designation: text('designation').notNull().default(''),
    department: text('department').notNull().default(''),
    joiningDate: date('joining_date', { mode: 'string' }).notNull(),
    qualification: text('qualification').notNull().default(''),
    experienceYears: integer('experience_years').notNull().default(0),
    subjects: text('subjects').notNull().default(''),
    policeVerificationOn: date('police_verification_on', { mode: 'string' }),
    psychometricEvaluationOn: date('psychometric_evaluation_on', { mode: 'string' }),
    photoUrl: text('photo_url').notNull().default(''),
    address: text('address').notNull().default(''),
    status: text('status').$type<StaffStatus>().notNull().default('active'),
    relievedOn: date('relieved_on', { mode: 'string' }),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    uniqueIndex('staff_code_idx').on(t.instituteId, t.employeeCode),
    index('staff_name_idx').on(t.instituteId, t.firstName, t.lastName),
    index('staff_user_idx').on(t.instituteId, t.userId),
  ],
);
export type StaffRow = typeof staff.$inferSelect;
