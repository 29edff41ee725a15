import type { ExamState, MarkStatus } from '@schooliko/common/academics/exams';
import type { GradeBand, ScaleKind } from '@schooliko/common/academics/grading';
import {
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** A grading scale of the institute: CBSE's 9-point, its co-scholastic 3-point, or its own. */
export const gradingScales = tenantTable(
  'grading_scales',
  {
    name: text('name').notNull(),
    kind: text('kind').$type<ScaleKind>().notNull(),
    bands: jsonb('bands').$type<GradeBand[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('grading_scales_name_idx').on(t.instituteId, t.name)],
);
export type GradingScaleRow = typeof gradingScales.$inferSelect;

/** An exam of a term ("Unit Test 2", "Half-Yearly") for some classes. */
export const exams = tenantTable(
  'exams',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    termId: uuid('term_id').notNull(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    classIds: jsonb('class_ids').$type<string[]>().notNull(),
    scaleId: uuid('scale_id').notNull(),
    state: text('state').$type<ExamState>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exams_name_idx').on(t.instituteId, t.termId, t.name),
    index('exams_year_idx').on(t.instituteId, t.academicYearId, t.startsOn),
  ],
);
export type ExamRow = typeof exams.$inferSelect;

/** A class × subject of an exam: its maximum and pass marks, and the day it is written. */
export const examPapers = tenantTable(
  'exam_papers',
  {
    examId: uuid('exam_id').notNull(),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    maxMarks: integer('max_marks').notNull(),
    passMarks: integer('pass_marks').notNull(),
    date: date('date', { mode: 'string' }),
  },
  (t) => [uniqueIndex('exam_papers_idx').on(t.instituteId, t.examId, t.classId, t.subjectId)],
);
export type ExamPaperRow = typeof examPapers.$inferSelect;

/**
 * A pupil's entry in an exam's subject: marks (half marks allowed), absent or exempt, or, for a
 * co-scholastic subject, a grade. One per exam × subject × pupil (the grid upserts on it); every
 * change is in the audit log under the pupil.
 */
export const examMarks = tenantTable(
  'exam_marks',
  {
    examId: uuid('exam_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    studentId: uuid('student_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    status: text('status').$type<MarkStatus>().notNull(),
    marks: numeric('marks', { precision: 6, scale: 1, mode: 'number' }),
    grade: text('grade'),
    enteredBy: uuid('entered_by').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exam_marks_idx').on(t.instituteId, t.examId, t.subjectId, t.studentId),
    index('exam_marks_section_idx').on(t.instituteId, t.examId, t.sectionId, t.subjectId),
    index('exam_marks_student_idx').on(t.instituteId, t.studentId),
  ],
);
export type ExamMarkRow = typeof examMarks.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The PDF a section's report-card job made, kept in the database (report cards are private: not
 * on the public uploads path) for whoever started the job to download.
 */
export const reportCardFiles = tenantTable(
  'report_card_files',
  {
    jobId: uuid('job_id').notNull(),
    filename: text('filename').notNull(),
    pages: integer('pages').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_card_files_job_idx').on(t.instituteId, t.jobId)],
);

/**
 * The class teacher's written remark on a pupil's report card for a term (the report card is
 * the term's): up to 300 characters in any script; printed instead of the grading band's remark.
 * Cleared, it is kept empty (the band's remark prints again); every change is in the audit log.
 */
export const reportCardRemarks = tenantTable(
  'report_card_remarks',
  {
    termId: uuid('term_id').notNull(),
    studentId: uuid('student_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    remark: text('remark').notNull(),
    writtenBy: uuid('written_by').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_card_remarks_idx').on(t.instituteId, t.termId, t.studentId)],
);
export type ReportCardRemarkRow = typeof reportCardRemarks.$inferSelect;
