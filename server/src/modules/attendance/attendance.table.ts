import type { AttendanceCode } from '@schooliko/common/academics/attendance';
import { date, index, integer, jsonb, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * A section's attendance of a day (period null) or of one period: who saved it last and when. One per section, date and period; its marks are in `attendance_marks`.
 */
export const attendanceSheets = tenantTable(
  'attendance_sheets',
  {
    sectionId: uuid('section_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    period: smallint('period'),
    /** Who saved it last, and when ("marked by X at HH:MM"). */
    takenBy: uuid('taken_by').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was first taken. */
    firstTakenAt: timestamp('first_taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attendance_sheets_day_key').on(t.instituteId, t.sectionId, t.date, t.period).nullsNotDistinct(),
    index('attendance_sheets_date_idx').on(t.instituteId, t.date),
  ],
);
export type AttendanceSheetRow = typeof attendanceSheets.$inferSelect;

/**
 * One pupil's mark of a day (or period): the code, who marked it and when. A save replaces the
 * day's marks in one upsert; each change of an existing mark is in the audit log (entity student,
 * action `attendance`: the date, period and code before and after).
 */
export const attendanceMarks = tenantTable(
  'attendance_marks',
  {
    sectionId: uuid('section_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    period: smallint('period'),
    studentId: uuid('student_id').notNull(),
    status: text('status').$type<AttendanceCode>().notNull(),
    markedBy: uuid('marked_by').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attendance_marks_key')
      .on(t.instituteId, t.sectionId, t.date, t.period, t.studentId)
      .nullsNotDistinct(),
    index('attendance_marks_student_idx').on(t.instituteId, t.studentId, t.date),
    index('attendance_marks_date_idx').on(t.instituteId, t.date, t.status),
  ],
);

/** How many days back a teacher may still change a day without an approver (one row per institute). */
export const attendanceSettings = tenantTable(
  'attendance_settings',
  {
    editWindowDays: integer('edit_window_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('attendance_settings_key').on(t.instituteId)],
);

export type EditRequestStatus = 'pending' | 'approved' | 'rejected';

/**
 * A teacher's change to a day older than the edit window: the asked codes, applied only when an
 * approver (attendance:approve) approves it, in the same transaction (docs/modules.md §6).
 */
export const attendanceEditRequests = tenantTable(
  'attendance_edit_requests',
  {
    sectionId: uuid('section_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    period: smallint('period'),
    entries: jsonb('entries').$type<{ student_id: string; status: AttendanceCode }[]>().notNull(),
    status: text('status').$type<EditRequestStatus>().notNull().default('pending'),
    requestedBy: uuid('requested_by').notNull(),
    reviewedBy: uuid('reviewed_by'),
    reviewNote: text('review_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('attendance_edit_requests_status_idx').on(t.instituteId, t.status, t.createdAt)],
);
export type EditRequestRow = typeof attendanceEditRequests.$inferSelect;
