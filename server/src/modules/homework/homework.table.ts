import type { HomeworkKind, HomeworkState } from '@schooliko/common/academics/homework';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/**
 * Homework, an assignment or a project set for a section in a subject. A draft only staff see;
 * published, the section's pupils (and their parents) see it; cancelled, it stays with its
 * submissions (never deleted: REVOKE DELETE in the migration homework_never_deleted).
 */
export const homeworkAssignments = tenantTable(
  'homework_assignments',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The staff record of who set it (null for an admin without one). */
    teacherId: uuid('teacher_id'),
    kind: text('kind').$type<HomeworkKind>().notNull().default('homework'),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    assignedOn: date('assigned_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** 'HH:MM' India time; none means the end of the due date. */
    dueTime: text('due_time'),
    maxMarks: integer('max_marks'),
    state: text('state').$type<HomeworkState>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    // A section's list (pupils, parents, the section filter) by due date.
    index('homework_section_due_idx').on(t.instituteId, t.sectionId, t.dueOn),
    // A teacher's own list and dashboard by due date.
    index('homework_teacher_due_idx').on(t.instituteId, t.teacherId, t.dueOn),
    // The staff list of the whole institute by due date.
    index('homework_due_idx').on(t.instituteId, t.dueOn),
  ],
);
export type AssignmentRow = typeof homeworkAssignments.$inferSelect;

/**
 * A pupil's current work on an assignment (one row per pupil and assignment). A resubmission
 * copies the previous version to homework_submission_versions first; marking closes it.
 */
export const homeworkSubmissions = tenantTable(
  'homework_submissions',
  {
    assignmentId: uuid('assignment_id').notNull(),
    studentId: uuid('student_id').notNull(),
    version: smallint('version').notNull().default(1),
    text: text('text').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: uuid('submitted_by'),
    late: boolean('late').notNull().default(false),
    marks: integer('marks'),
    feedback: text('feedback').notNull().default(''),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markedBy: uuid('marked_by'),
    returned: boolean('returned').notNull().default(false),
  },
  (t) => [
    uniqueIndex('homework_submissions_pupil_idx').on(t.instituteId, t.assignmentId, t.studentId),
    index('homework_submissions_student_idx').on(t.instituteId, t.studentId),
  ],
);
export type SubmissionRow = typeof homeworkSubmissions.$inferSelect;

/** Earlier versions of a submission, as they were when the pupil sent a new one. */
export const homeworkSubmissionVersions = tenantTable(
  'homework_submission_versions',
  {
    submissionId: uuid('submission_id').notNull(),
    version: smallint('version').notNull(),
    text: text('text').notNull(),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    late: boolean('late').notNull(),
  },
  (t) => [uniqueIndex('homework_submission_versions_idx').on(t.instituteId, t.submissionId, t.version)],
);

/**
 * An uploaded file: first the uploader's alone, then attached to an assignment or to one version
 * of a submission. Stored privately (`private/<institute>/homework/…`), served only through
 * GET /api/homework/files/:id to someone who may see what it is attached to.
 */
export const homeworkFiles = tenantTable(
  'homework_files',
  {
    key: text('key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    assignmentId: uuid('assignment_id'),
    submissionId: uuid('submission_id'),
    /** The submission's version the file belongs to. */
    version: smallint('version'),
    /** Taken off an assignment (kept: a pupil may have read it). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homework_files_assignment_idx').on(t.instituteId, t.assignmentId),
    index('homework_files_submission_idx').on(t.instituteId, t.submissionId),
    index('homework_files_uploader_idx').on(t.instituteId, t.uploadedBy, t.createdAt),
  ],
);
export type HomeworkFileRow = typeof homeworkFiles.$inferSelect;
