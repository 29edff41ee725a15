import {
  type Assignment,
  deadlineOf,
  HOMEWORK_MESSAGES,
  type MarkInput,
  type PupilAssignment,
  type PupilListQuery,
  type PupilStatus,
  type RosterItem,
  type Submission,
  type SubmissionInput,
} from '@schooliko/common/academics/homework';
import type { Pagination } from '@schooliko/common/http';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { personName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { students } from '../students';
import { claimFiles, submissionFilesOf } from './files.service';
import { findAssignment, mayChange, type Pupil, pupilOf } from './homework.policy';
import { assignmentColumns, dueFilters, readAssignment, withNames } from './homework.service';
import {
  homeworkAssignments as a,
  homeworkFiles,
  homeworkSubmissionVersions,
  type SubmissionRow,
  homeworkSubmissions as s,
} from './homework.table';

/** Where a pupil's work stands: marked, else submitted late or on time, else pending. */
export function statusOf(row: { late: boolean; markedAt: unknown } | null): PupilStatus {
  if (!row) return 'pending';
  if (row.markedAt) return 'marked';
  return row.late ? 'late' : 'submitted';
}

const statusSql: Record<PupilStatus, SQL> = {
  pending: sql`${s.id} is null`,
  submitted: sql`${s.id} is not null and ${s.markedAt} is null and not ${s.late}`,
  late: sql`${s.id} is not null and ${s.markedAt} is null and ${s.late}`,
  marked: sql`${s.markedAt} is not null`,
};

function toSubmission(row: SubmissionRow, files: Submission['files']): Submission {
  return {
    id: row.id,
    student_id: row.studentId,
    version: row.version,
    text: row.text,
    files,
    submitted_at: row.submittedAt.toISOString(),
    late: row.late,
    marks: row.marks,
    feedback: row.feedback,
    marked_at: row.markedAt?.toISOString() ?? null,
    returned: row.returned,
  };
}

/** The submissions of pupils on an assignment, with their current files, by pupil. */
async function submissionsOf(tx: Db, instituteId: string, assignmentId: string, studentIds?: string[]) {
  const rows = await tx
    .select()
    .from(s)
    .where(
      and(
        eq(s.instituteId, instituteId),
        eq(s.assignmentId, assignmentId),
        studentIds ? inArray(s.studentId, studentIds) : undefined,
      ),
    );
  const files = await submissionFilesOf(tx, instituteId, rows);
  return new Map(rows.map((r) => [r.studentId, toSubmission(r, files.get(r.id) ?? [])]));
}

/** A pupil's list (a student's own, a parent's child's): the section's published work and their standing. */
export async function listPupilAssignments(
  tx: Db,
  actor: Actor,
  q: PupilListQuery,
): Promise<{ items: PupilAssignment[]; pagination: Pagination }> {
  const i = actor.institute.id;
  const pupil = await pupilOf(tx, actor, q.student_id);
  const submission = and(eq(s.instituteId, i), eq(s.assignmentId, a.id), eq(s.studentId, pupil.id));
  const where = and(
    eq(a.instituteId, i),
    pupil.sectionId ? eq(a.sectionId, pupil.sectionId) : sql`false`,
    ne(a.state, 'draft'),
    searchIn(q.search, [a.title]),
    q.status ? statusSql[q.status] : undefined,
    q.when === 'overdue' ? and(isNull(s.id), eq(a.state, 'published')) : undefined,
    ...dueFilters(q),
  );
  const order = orderFor(
    { due_on: a.dueOn },
    'due_on',
    'due_on',
    q.when === 'upcoming' ? 'asc' : 'desc',
    a.id,
  );
  const columns = {
    ...assignmentColumns,
    submitted_at: s.submittedAt,
    late: s.late,
    marked_at: s.markedAt,
    marks: s.marks,
    total: totalRows,
  };
  return listPage({
    page: q.page,
    limit: q.limit,
    rows: (limit, offset) =>
      withNames(tx.select(columns).from(a).leftJoin(s, submission).$dynamic(), i)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    countAll: async () =>
      (await tx.select({ n: count() }).from(a).leftJoin(s, submission).where(where))[0]?.n ?? 0,
    toItem: ({ total: _t, submitted_at, late, marked_at, marks, ...item }) => ({
      ...item,
      status: statusOf(submitted_at ? { late: Boolean(late), markedAt: marked_at } : null),
      submitted_at: submitted_at?.toISOString() ?? null,
      // A pupil sees marks once the work is returned; staff see them on the roster.
      marks: marked_at ? marks : null,
    }),
  });
}

/**
 * One assignment for its page. Staff get the assignment; a student gets it with their own
 * submission, a parent with their child's (`studentId`, else their first child).
 */
export async function readForCaller(
  tx: Db,
  actor: Actor,
  id: string,
  studentId?: string,
): Promise<Assignment> {
  const assignment = await readAssignment(tx, actor, id);
  if (holds(actor, 'homework:read')) return assignment;
  const pupil = await pupilOf(tx, actor, studentId);
  if (pupil.sectionId !== assignment.section_id) throw httpError(404, HOMEWORK_MESSAGES.notFound);
  const submission = (await submissionsOf(tx, actor.institute.id, id, [pupil.id])).get(pupil.id) ?? null;
  return {
    ...assignment,
    submission,
    can: { ...assignment.can, submit: assignment.can.submit && !submission?.marked_at },
  };
}

/** The pupils of the assignment's section, in roll order, with their work: for marking. */
export async function rosterOf(tx: Db, actor: Actor, id: string): Promise<RosterItem[]> {
  const row = await findAssignment(tx, actor, id);
  const i = actor.institute.id;
  const pupils = await tx
    .select({
      id: students.id,
      name: personName(students),
      rollNo: students.rollNo,
    })
    .from(students)
    .where(
      and(
        eq(students.instituteId, i),
        eq(students.sectionId, row.sectionId),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .orderBy(
      sql`nullif(regexp_replace(${students.rollNo}, '\\D', '', 'g'), '')::int nulls last`,
      asc(students.firstName),
      asc(students.id),
    );
  const work = await submissionsOf(tx, i, row.id);
  return pupils.map((p) => {
    const submission = work.get(p.id) ?? null;
    return {
      student_id: p.id,
      name: p.name,
      roll_no: p.rollNo,
      status: statusOf(submission && { late: submission.late, markedAt: submission.marked_at }),
      submission,
    };
  });
}

/**
 * A student hands in work (text and/or files uploaded first). Until it is marked they may hand it
 * in again: the earlier version is kept in homework_submission_versions, its files stay stored,
 * and the change is audited. Late when after the due date (and time), India time.
 */
export async function submitWork(
  tx: Db,
  actor: Actor,
  id: string,
  input: SubmissionInput,
  now = new Date(),
): Promise<Assignment> {
  const pupil: Pupil = await pupilOf(tx, actor);
  const row = await findAssignment(tx, actor, id, true);
  if (pupil.sectionId !== row.sectionId) throw httpError(404, HOMEWORK_MESSAGES.notFound);
  if (row.state === 'cancelled') throw httpError(409, HOMEWORK_MESSAGES.alreadyCancelled);
  if (row.state !== 'published') throw httpError(409, HOMEWORK_MESSAGES.notPublished);
  const i = actor.institute.id;
  const late = now > deadlineOf(row.dueOn, row.dueTime);
  const [before] = await tx
    .select()
    .from(s)
    .where(and(eq(s.instituteId, i), eq(s.assignmentId, row.id), eq(s.studentId, pupil.id)))
    .for('update');
  if (before?.markedAt) throw httpError(409, HOMEWORK_MESSAGES.alreadyMarked);
  if (!before) {
    const [created] = await tx
      .insert(s)
      .values({
        instituteId: i,
        assignmentId: row.id,
        studentId: pupil.id,
        text: input.text,
        submittedAt: now,
        submittedBy: actor.userId,
        late,
      })
      .returning();
    if (!created) throw new Error('submission not saved');
    await claimFiles(tx, actor, input.file_ids, { submissionId: created.id, version: 1 });
    return readForCaller(tx, actor, row.id);
  }
  const previous = (await submissionFilesOf(tx, i, [before])).get(before.id) ?? [];
  await tx.insert(homeworkSubmissionVersions).values({
    instituteId: i,
    submissionId: before.id,
    version: before.version,
    text: before.text,
    fileIds: previous.map((f) => f.id),
    submittedAt: before.submittedAt,
    late: before.late,
  });
  const version = before.version + 1;
  await tx
    .update(s)
    .set({ text: input.text, version, submittedAt: now, submittedBy: actor.userId, late })
    .where(and(eq(s.instituteId, i), eq(s.id, before.id)));
  // Files of the previous version named again stay on the new one; new uploads are claimed.
  const kept = previous.filter((f) => input.file_ids.includes(f.id)).map((f) => f.id);
  if (kept.length)
    await tx
      .update(homeworkFiles)
      .set({ version })
      .where(and(eq(homeworkFiles.instituteId, i), inArray(homeworkFiles.id, kept)));
  const added = input.file_ids.filter((f) => !kept.includes(f));
  await claimFiles(tx, actor, added, { submissionId: before.id, version });
  await recordChange(tx, actor, {
    entity: 'homework_submission',
    entityId: before.id,
    action: 'resubmit',
    before: {
      version: before.version,
      text: before.text,
      files: previous.map((f) => f.id),
      late: before.late,
    },
    after: { version, text: input.text, files: input.file_ids, late },
  });
  return readForCaller(tx, actor, row.id);
}

/**
 * Marks a pupil's work: marks within the assignment's maximum (none when it has no marks) and
 * feedback; `returned` shows them to the pupil. Marking again changes them, audited.
 */
export async function markSubmission(
  tx: Db,
  actor: Actor,
  submissionId: string,
  input: MarkInput,
): Promise<RosterItem> {
  const i = actor.institute.id;
  const [row] = await tx
    .select()
    .from(s)
    .where(and(eq(s.instituteId, i), eq(s.id, submissionId)))
    .for('update');
  if (!row) throw httpError(404, HOMEWORK_MESSAGES.submissionNotFound);
  const assignment = await findAssignment(tx, actor, row.assignmentId);
  if (!(await mayChange(tx, actor, assignment))) throw httpError(403, HOMEWORK_MESSAGES.notYourClass);
  if (assignment.state === 'cancelled') throw httpError(409, HOMEWORK_MESSAGES.alreadyCancelled);
  if (input.marks !== null && assignment.maxMarks === null)
    throw httpError(400, HOMEWORK_MESSAGES.noMaxMarks, { marks: HOMEWORK_MESSAGES.noMaxMarks });
  if (input.marks !== null && assignment.maxMarks !== null && input.marks > assignment.maxMarks) {
    const message = HOMEWORK_MESSAGES.marksTooHigh(assignment.maxMarks);
    throw httpError(400, message, { marks: message });
  }
  await tx
    .update(s)
    .set({
      marks: input.marks,
      feedback: input.feedback,
      returned: input.returned,
      markedAt: new Date(),
      markedBy: actor.userId,
    })
    .where(and(eq(s.instituteId, i), eq(s.id, row.id)));
  if (row.markedAt)
    await recordChange(tx, actor, {
      entity: 'homework_submission',
      entityId: row.id,
      action: 'remark',
      before: { marks: row.marks, feedback: row.feedback },
      after: { marks: input.marks, feedback: input.feedback },
    });
  const roster = await rosterOf(tx, actor, assignment.id);
  const item = roster.find((r) => r.student_id === row.studentId);
  if (!item) throw httpError(404, HOMEWORK_MESSAGES.submissionNotFound);
  return item;
}
