import type { AppointmentStatus } from '@schooliko/common/reception/appointments';
import type { IdProofType } from '@schooliko/common/reception/visitors';
import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * A visit (MODULES.md section 2): who came, to meet whom, with which pass. The pass number is
 * gap-free per institute per financial year (numbering, ADR 012); the QR code on the pass holds
 * `checkout_token`. Never deleted: a register an auditor or the police may ask for.
 */
export const visitors = tenantTable(
  'visitors',
  {
    financialYear: text('financial_year').notNull(),
    passNo: integer('pass_no').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    hostStaffId: uuid('host_staff_id'),
    studentId: uuid('student_id'),
    relation: text('relation'),
    persons: integer('persons').notNull().default(1),
    idProofType: text('id_proof_type').$type<IdProofType>().notNull().default('none'),
    /** Only the last 4 digits of the ID (DPDP: never the whole number). */
    idProofLast4: text('id_proof_last4').notNull().default(''),
    photoUrl: text('photo_url').notNull().default(''),
    checkoutToken: text('checkout_token').notNull(),
    expectedMinutes: integer('expected_minutes').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by'),
    checkedOutBy: uuid('checked_out_by'),
    appointmentId: uuid('appointment_id'),
  },
  (t) => [
    uniqueIndex('visitors_pass_idx').on(t.instituteId, t.financialYear, t.passNo),
    uniqueIndex('visitors_token_idx').on(t.instituteId, t.checkoutToken),
    index('visitors_checked_in_idx').on(t.instituteId, t.checkedInAt),
  ],
);
export type VisitorRow = typeof visitors.$inferSelect;

/** A child leaving school with someone: allowed (an authorised guardian) or refused. */
export const studentPickups = tenantTable(
  'student_pickups',
  {
    studentId: uuid('student_id').notNull(),
    guardianId: uuid('guardian_id'),
    personName: text('person_name').notNull(),
    phone: text('phone').notNull().default(''),
    relation: text('relation'),
    allowed: boolean('allowed').notNull(),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }).notNull().defaultNow(),
    recordedBy: uuid('recorded_by').notNull(),
  },
  (t) => [
    index('student_pickups_at_idx').on(t.instituteId, t.pickedUpAt),
    index('student_pickups_student_idx').on(t.instituteId, t.studentId),
  ],
);

/** A slot with a staff member, requested by a parent or booked at the desk. */
export const appointments = tenantTable(
  'appointments',
  {
    hostStaffId: uuid('host_staff_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    studentId: uuid('student_id'),
    guardianId: uuid('guardian_id'),
    /** The parent who asked from their home (null: booked at the desk). */
    requestedBy: uuid('requested_by'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    purpose: text('purpose').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull(),
    visitorId: uuid('visitor_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_starts_idx').on(t.instituteId, t.startsAt),
    index('appointments_host_idx').on(t.instituteId, t.hostStaffId, t.startsAt),
    index('appointments_requested_by_idx').on(t.instituteId, t.requestedBy),
  ],
);
export type AppointmentRow = typeof appointments.$inferSelect;
