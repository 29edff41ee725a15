import type { Relation } from '@schooliko/common/people/guardians';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** A parent or guardian; one guardian may be tied to several students (siblings). */
export const guardians = tenantTable(
  'guardians',
  {
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    occupation: text('occupation').notNull().default(''),
    /** Paise. */
    annualIncome: bigint('annual_income', { mode: 'number' }),
    education: text('education'),
    address: text('address').notNull().default(''),
    familyId: uuid('family_id'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index('guardians_phone_idx').on(t.instituteId, t.phone),
    index('guardians_name_idx').on(t.instituteId, t.name),
    index('guardians_user_idx').on(t.instituteId, t.userId),
  ],
);
export type GuardianRow = typeof guardians.$inferSelect;

/** The tie between a student and a guardian: relation, and whether they may collect the child. */
export const studentGuardians = tenantTable(
  'student_guardians',
  {
    studentId: uuid('student_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    relation: text('relation').$type<Relation>().notNull(),
    authorisedPickup: boolean('authorised_pickup').notNull().default(true),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    uniqueIndex('student_guardians_pair_idx').on(t.instituteId, t.studentId, t.guardianId),
    index('student_guardians_guardian_idx').on(t.instituteId, t.guardianId),
  ],
);
