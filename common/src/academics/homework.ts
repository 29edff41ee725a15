import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';
import { dateField } from '../people/fields';
import { optionalText } from '../profile';
import { MB } from '../uploads';
import { CALENDAR_MESSAGES } from './calendar';

/**
 * Homework and assignments (issue 13, MODULES.md section 10): a teacher sets work for a section
 * and subject they teach, with attachments; pupils submit text and files (again, until marked);
 * the teacher marks, with feedback. Cancelled, never deleted.
 */
export const HOMEWORK_KINDS = ['homework', 'assignment', 'project'] as const;
export type HomeworkKind = (typeof HOMEWORK_KINDS)[number];

/** draft: only staff see it; published: the section's pupils and parents see it; cancelled: kept. */
export const HOMEWORK_STATES = ['draft', 'published', 'cancelled'] as const;
export type HomeworkState = (typeof HOMEWORK_STATES)[number];

/** Lists by due date: upcoming (due today or later), overdue (past due with work missing), past. */
export const HOMEWORK_WHEN = ['upcoming', 'overdue', 'past'] as const;

/** A pupil's standing on one assignment. */
export const PUPIL_STATUSES = ['pending', 'submitted', 'late', 'marked'] as const;
export type PupilStatus = (typeof PUPIL_STATUSES)[number];

/** Attachments and submitted files: PDF, pictures or Word documents, told by their own bytes. */
export const HOMEWORK_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type HomeworkFileType = (typeof HOMEWORK_FILE_TYPES)[number];
export const HOMEWORK_FILE_ACCEPT = `${HOMEWORK_FILE_TYPES.join(',')},.pdf,.docx,.jpg,.jpeg,.png,.webp`;
export const HOMEWORK_FILE_MAX_MB = 10;
export const HOMEWORK_FILE_MAX_BYTES = HOMEWORK_FILE_MAX_MB * MB;
/** Files on one assignment, or on one submission. */
export const HOMEWORK_MAX_FILES = 5;

export const HOMEWORK_MESSAGES = defineMessages(
  'homework',
  {
    created: 'Homework saved',
    published: 'Homework published: the pupils can see it',
    updated: 'Homework updated',
    cancelled: 'Homework cancelled',
    notFound: 'Homework not found',
    fileNotFound: 'File not found',
    submissionNotFound: 'Submission not found',
    notYourClass: 'You can set homework only for a section and subject you teach',
    dueBeforeAssigned: 'The due date cannot be before the date it is set',
    timeInvalid: 'Enter a time like 17:30',
    alreadyCancelled: 'This homework has been cancelled',
    notPublished: 'This homework is not published yet',
    alreadyPublished: 'This homework is already published',
    alreadyMarked: 'This work has been marked: it cannot be submitted again',
    notYourAssignment: 'Only the teacher who set this homework, or an admin, can change it',
    markedNoChange: 'Some work on this homework has been marked: it can no longer be changed',
    emptySubmission: 'Write your answer or attach a file',
    marksTooHigh: (max: number) => `Marks cannot be more than ${max}`,
    noMaxMarks: 'This homework has no marks: give feedback only',
    marked: 'Marks and feedback saved',
    submitted: 'Work submitted',
    fileInvalidType: 'Attach a PDF, a picture (JPG, PNG, WebP) or a Word document (.docx)',
    fileTooLarge: (limitMb: number, size: string) =>
      `Each file must be under ${limitMb} MB. This one is ${size}`,
    fileUploaded: 'File attached',
    fileFailed: 'The file could not be stored; please try again',
    tooManyFiles: (max: number) => `Attach at most ${max} files`,
    filesUnknown: 'Some of these files were not uploaded by you or are already attached',
    childNotFound: 'Child not found',
  } as const,
  { marksTooHigh: ['max'], fileTooLarge: ['limit', 'size'], tooManyFiles: ['max'] },
);

const time = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), HOMEWORK_MESSAGES.timeInvalid)
  .transform((v) => (v === '' ? null : v));

const fileIds = z
  .array(z.uuid())
  .max(HOMEWORK_MAX_FILES, HOMEWORK_MESSAGES.tooManyFiles(HOMEWORK_MAX_FILES))
  .default([]);

const assignmentFields = z.object({
  section_id: z.uuid(),
  subject_id: z.uuid(),
  kind: z.enum(HOMEWORK_KINDS).default('homework'),
  title: z.string().trim().min(1, CALENDAR_MESSAGES.titleRequired).max(150),
  instructions: optionalText(4000),
  assigned_on: dateField,
  due_on: dateField,
  due_time: z.union([time, z.null()]).optional().default(null),
  max_marks: z.number().int().min(1).max(1000).nullable().default(null),
  attachment_ids: fileIds,
});

const dueAfterAssigned = (v: { assigned_on?: string; due_on?: string }) =>
  !v.assigned_on || !v.due_on || v.due_on >= v.assigned_on;

/** Setting homework: saved as a draft, or published at once (`publish: true`). */
export const assignmentInputSchema = assignmentFields
  .extend({ publish: z.boolean().default(false) })
  .refine(dueAfterAssigned, { error: HOMEWORK_MESSAGES.dueBeforeAssigned.error, path: ['due_on'] });
export type AssignmentInput = z.output<typeof assignmentInputSchema>;

/** Changing homework: its section and subject stay; any other field may change. */
export const assignmentPatchSchema = z
  .object({
    kind: z.enum(HOMEWORK_KINDS).optional(),
    title: z.string().trim().min(1, CALENDAR_MESSAGES.titleRequired).max(150).optional(),
    instructions: z.string().trim().max(4000).optional(),
    assigned_on: dateField.optional(),
    due_on: dateField.optional(),
    due_time: z.union([time, z.null()]).optional(),
    max_marks: z.number().int().min(1).max(1000).nullable().optional(),
    attachment_ids: z.array(z.uuid()).max(HOMEWORK_MAX_FILES).optional(),
  })
  .refine(dueAfterAssigned, { error: HOMEWORK_MESSAGES.dueBeforeAssigned.error, path: ['due_on'] });
export type AssignmentPatch = z.output<typeof assignmentPatchSchema>;

export const homeworkFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  bytes: z.number(),
});
export type HomeworkFile = z.infer<typeof homeworkFileSchema>;

const assignmentBase = {
  id: z.string(),
  section_id: z.string(),
  section_label: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  teacher_name: z.string(),
  kind: z.enum(HOMEWORK_KINDS),
  title: z.string(),
  assigned_on: z.string(),
  due_on: z.string(),
  due_time: z.string().nullable(),
  max_marks: z.number().nullable(),
  state: z.enum(HOMEWORK_STATES),
};

/** A row of the staff list: the assignment and how its pupils stand. */
export const assignmentListItemSchema = z.object({
  ...assignmentBase,
  pupils: z.number(),
  submitted: z.number(),
  late: z.number(),
  marked: z.number(),
});
export type AssignmentListItem = z.infer<typeof assignmentListItemSchema>;

/** A row of a pupil's list (their own, or a parent's child's): the assignment and their standing. */
export const pupilAssignmentSchema = z.object({
  ...assignmentBase,
  status: z.enum(PUPIL_STATUSES),
  submitted_at: z.string().nullable(),
  marks: z.number().nullable(),
});
export type PupilAssignment = z.infer<typeof pupilAssignmentSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  version: z.number(),
  text: z.string(),
  files: z.array(homeworkFileSchema),
  submitted_at: z.string(),
  late: z.boolean(),
  marks: z.number().nullable(),
  feedback: z.string(),
  marked_at: z.string().nullable(),
  returned: z.boolean(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** One assignment as its page shows it; a pupil's view carries their own submission. */
export const assignmentSchema = z.object({
  ...assignmentBase,
  instructions: z.string(),
  attachments: z.array(homeworkFileSchema),
  published_at: z.string().nullable(),
  submission: submissionSchema.nullable(),
  /**
   * edit: change its title, instructions, dates, marks and files (who set it or an admin, until
   * any work is marked); manage: publish or cancel it; mark: mark its work; submit: hand in work.
   */
  can: z.object({ edit: z.boolean(), manage: z.boolean(), mark: z.boolean(), submit: z.boolean() }),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** A pupil of the assignment's section, with where their work stands (for marking). */
export const rosterItemSchema = z.object({
  student_id: z.string(),
  name: z.string(),
  roll_no: z.string(),
  status: z.enum(PUPIL_STATUSES),
  submission: submissionSchema.nullable(),
});
export type RosterItem = z.infer<typeof rosterItemSchema>;

const listFilters = {
  section_id: z.uuid().optional(),
  subject_id: z.uuid().optional(),
  when: z.enum(HOMEWORK_WHEN).optional(),
  due_from: dateField.optional(),
  due_to: dateField.optional(),
};

/** The staff list: filters, and `mine` for the assignments the caller set. */
export const assignmentListQuery = pageQuery.extend({
  ...listFilters,
  state: z.enum(HOMEWORK_STATES).optional(),
  mine: z.enum(['true', 'false']).optional(),
  sort: z.enum(['due_on', 'assigned_on', 'title']).optional(),
});
export type AssignmentListQuery = z.output<typeof assignmentListQuery>;

/** A pupil's list: a student's own; a parent names the child (`student_id`). */
export const pupilListQuery = pageQuery.extend({
  ...listFilters,
  student_id: z.uuid().optional(),
  status: z.enum(PUPIL_STATUSES).optional(),
});
export type PupilListQuery = z.output<typeof pupilListQuery>;

/** A pupil's work: text and/or files uploaded first through POST /api/homework/files. */
export const submissionInputSchema = z
  .object({ text: optionalText(8000), file_ids: fileIds })
  .refine((v) => v.text.length > 0 || v.file_ids.length > 0, {
    error: HOMEWORK_MESSAGES.emptySubmission.error,
    path: ['text'],
  });
export type SubmissionInput = z.output<typeof submissionInputSchema>;

/** Marking: marks (when the assignment has them), feedback, and whether it goes back to the pupil. */
export const markInputSchema = z.object({
  marks: z.number().int().min(0).max(1000).nullable().default(null),
  feedback: optionalText(2000),
  returned: z.boolean().default(true),
});
export type MarkInput = z.output<typeof markInputSchema>;

/** A section and subject the caller may set homework for. */
export const teachingSchema = z.object({
  section_id: z.string(),
  section_label: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
});
export type Teaching = z.infer<typeof teachingSchema>;

/**
 * When work is late: after the due time on the due date, or after the due date's end, in India
 * time (IST, UTC+05:30, no daylight saving).
 */
export function deadlineOf(dueOn: string, dueTime: string | null): Date {
  return new Date(`${dueOn}T${dueTime ?? '23:59'}:59.999+05:30`);
}
