import {
  type Assignment,
  type AssignmentInput,
  type AssignmentListItem,
  type AssignmentListQuery,
  type AssignmentPatch,
  deadlineOf,
  HOMEWORK_MESSAGES,
} from '@schooliko/common/academics/homework';
import type { Pagination } from '@schooliko/common/http';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { personName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { ownStaffId, staff } from '../staff';
import { students } from '../students';
import { subjects } from '../timetable';
import { attachmentsOf, claimFiles } from './files.service';
import {
  assertMayTeach,
  findAssignment,
  mayChange,
  mayEdit,
  sectionLabel,
  visibleAssignments,
} from './homework.policy';
import {
  type AssignmentRow,
  homeworkAssignments as a,
  homeworkFiles,
  homeworkSubmissions,
} from './homework.table';

const teacherName = sql<string>`coalesce(${personName(staff)}, '')`;

/** The columns every assignment answer carries, for a select joined through `withNames`. */
export const assignmentColumns = {
  id: a.id,
  section_id: a.sectionId,
  section_label: sectionLabel,
  subject_id: a.subjectId,
  subject_name: subjects.name,
  teacher_name: teacherName,
  kind: a.kind,
  title: a.title,
  assigned_on: a.assignedOn,
  due_on: a.dueOn,
  due_time: a.dueTime,
  max_marks: a.maxMarks,
  state: a.state,
};

/** Joins a dynamic select of assignments to their section's label, their subject and their teacher. */
export function withNames<T extends PgSelect>(query: T, instituteId: string): T {
  return query
    .innerJoin(sections, and(eq(sections.instituteId, instituteId), eq(sections.id, a.sectionId)))
    .innerJoin(classes, and(eq(classes.instituteId, instituteId), eq(classes.id, sections.classId)))
    .innerJoin(subjects, and(eq(subjects.instituteId, instituteId), eq(subjects.id, a.subjectId)))
    .leftJoin(staff, and(eq(staff.instituteId, instituteId), eq(staff.id, a.teacherId))) as unknown as T;
}

/** Pupils on the rolls of an assignment's section. */
const pupilsOf =
  sql<number>`(select count(*) from ${students} where ${students.instituteId} = ${a.instituteId}
  and ${students.sectionId} = ${a.sectionId} and ${students.status} in (${sql.join(
    ON_ROLLS.map((s) => sql`${s}`),
    sql`, `,
  )}))`.mapWith(Number);
const submissionsWhere = (extra: SQL) =>
  sql<number>`(select count(*) from ${homeworkSubmissions} where ${homeworkSubmissions.instituteId} = ${a.instituteId}
  and ${homeworkSubmissions.assignmentId} = ${a.id} and ${extra})`.mapWith(Number);

/** Counts of an assignment's work: submitted (any), late, marked. */
export const progressColumns = {
  pupils: pupilsOf,
  submitted: submissionsWhere(sql`true`),
  late: submissionsWhere(sql`${homeworkSubmissions.late}`),
  marked: submissionsWhere(sql`${homeworkSubmissions.markedAt} is not null`),
};

/** Conditions of the filters both lists share (section, subject, due range, when). */
export function dueFilters(q: {
  section_id?: string;
  subject_id?: string;
  due_from?: string;
  due_to?: string;
  when?: 'upcoming' | 'overdue' | 'past';
}): SQL[] {
  const today = todayInIndia();
  const conditions: (SQL | undefined)[] = [
    q.section_id ? eq(a.sectionId, q.section_id) : undefined,
    q.subject_id ? eq(a.subjectId, q.subject_id) : undefined,
    q.due_from ? gte(a.dueOn, q.due_from) : undefined,
    q.due_to ? lte(a.dueOn, q.due_to) : undefined,
    q.when === 'upcoming' ? gte(a.dueOn, today) : undefined,
    q.when === 'overdue' || q.when === 'past' ? lt(a.dueOn, today) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

const SORTS = { due_on: a.dueOn, assigned_on: a.assignedOn, title: a.title };

/** The staff list: every assignment (or the caller's own, `mine`), with its pupils' progress. */
export async function listAssignments(
  tx: Db,
  actor: Actor,
  q: AssignmentListQuery,
): Promise<{ items: AssignmentListItem[]; pagination: Pagination }> {
  const i = actor.institute.id;
  const mine = q.mine === 'true' ? await ownStaffId(tx, actor) : undefined;
  const overdue =
    q.when === 'overdue'
      ? and(eq(a.state, 'published'), sql`${progressColumns.submitted} < ${pupilsOf}`)
      : undefined;
  const where = and(
    eq(a.instituteId, i),
    await visibleAssignments(tx, actor),
    q.mine === 'true' ? (mine ? eq(a.teacherId, mine) : sql`false`) : undefined,
    q.state ? eq(a.state, q.state) : ne(a.state, 'cancelled'),
    searchIn(q.search, [a.title]),
    overdue,
    ...dueFilters(q),
  );
  const order = orderFor(SORTS, q.sort, 'due_on', q.sort ? q.order : 'desc', a.id);
  return listPage({
    page: q.page,
    limit: q.limit,
    rows: (limit, offset) =>
      withNames(
        tx
          .select({ ...assignmentColumns, ...progressColumns, total: totalRows })
          .from(a)
          .$dynamic(),
        i,
      )
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    countAll: async () => (await tx.select({ n: count() }).from(a).where(where))[0]?.n ?? 0,
    toItem: ({ total: _total, ...item }) => item,
  });
}

/** One assignment as its page shows it (a pupil's submission is added by the submissions service). */
export async function readAssignment(tx: Db, actor: Actor, id: string): Promise<Assignment> {
  const row = await findAssignment(tx, actor, id);
  const [named] = await withNames(tx.select(assignmentColumns).from(a).$dynamic(), actor.institute.id).where(
    and(eq(a.instituteId, actor.institute.id), eq(a.id, row.id)),
  );
  if (!named) throw httpError(404, HOMEWORK_MESSAGES.notFound);
  const attachments = (await attachmentsOf(tx, actor.institute.id, [row.id])).get(row.id) ?? [];
  const open = row.state !== 'cancelled';
  const change = open && (await mayChange(tx, actor, row));
  const edit = open && (await mayEdit(tx, actor, row)) && !(await anyMarked(tx, actor.institute.id, row.id));
  return {
    ...named,
    instructions: row.instructions,
    attachments,
    published_at: row.publishedAt?.toISOString() ?? null,
    submission: null,
    can: {
      edit,
      manage: change,
      mark: change && row.state === 'published',
      submit: holds(actor, 'homework:submit') && row.state === 'published',
    },
  };
}

/** Sets homework for a section and subject the caller teaches; published at once when asked. */
export async function createAssignment(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  input: AssignmentInput,
): Promise<Assignment> {
  await assertMayTeach(tx, actor, input.section_id, input.subject_id);
  const [section] = await tx
    .select({ yearId: sections.academicYearId })
    .from(sections)
    .where(and(eq(sections.instituteId, actor.institute.id), eq(sections.id, input.section_id)));
  if (!section) throw httpError(403, HOMEWORK_MESSAGES.notYourClass);
  const [row] = await tx
    .insert(a)
    .values({
      instituteId: actor.institute.id,
      academicYearId: section.yearId,
      sectionId: input.section_id,
      subjectId: input.subject_id,
      teacherId: await ownStaffId(tx, actor),
      kind: input.kind,
      title: input.title,
      instructions: input.instructions,
      assignedOn: input.assigned_on,
      dueOn: input.due_on,
      dueTime: input.due_time,
      maxMarks: input.max_marks,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('homework not saved');
  await claimFiles(tx, actor, input.attachment_ids, { assignmentId: row.id });
  if (input.publish) await publish(tx, hub, actor, row);
  return readAssignment(tx, actor, row.id);
}

/** The assignment the caller may change (not cancelled), locked; else 404 / 403 / 409. */
async function changeable(tx: Db, actor: Actor, id: string): Promise<AssignmentRow> {
  const row = await findAssignment(tx, actor, id, true);
  if (!(await mayChange(tx, actor, row))) throw httpError(403, HOMEWORK_MESSAGES.notYourClass);
  if (row.state === 'cancelled') throw httpError(409, HOMEWORK_MESSAGES.alreadyCancelled);
  return row;
}

/** Whether any pupil's work on the assignment has been marked. */
async function anyMarked(tx: Db, instituteId: string, id: string): Promise<boolean> {
  const [hit] = await tx
    .select({ id: homeworkSubmissions.id })
    .from(homeworkSubmissions)
    .where(
      and(
        eq(homeworkSubmissions.instituteId, instituteId),
        eq(homeworkSubmissions.assignmentId, id),
        isNotNull(homeworkSubmissions.markedAt),
      ),
    )
    .limit(1);
  return !!hit;
}

const detailsOf = (row: AssignmentRow) => ({
  kind: row.kind,
  title: row.title,
  instructions: row.instructions,
  assigned_on: row.assignedOn,
  due_on: row.dueOn,
  due_time: row.dueTime,
  max_marks: row.maxMarks,
});

/**
 * Changes an assignment's details (PATCH /api/homework/:id): who set it or an overseer (403
 * otherwise), not once cancelled or once any work on it is marked (409). Fields left out keep
 * their values; `attachment_ids` is the whole new list. Audited (entity `homework_assignment`).
 */
export async function updateAssignment(
  tx: Db,
  actor: Actor,
  id: string,
  patch: AssignmentPatch,
): Promise<Assignment> {
  const row = await findAssignment(tx, actor, id, true);
  if (!(await mayEdit(tx, actor, row))) throw httpError(403, HOMEWORK_MESSAGES.notYourAssignment);
  if (row.state === 'cancelled') throw httpError(409, HOMEWORK_MESSAGES.alreadyCancelled);
  if (await anyMarked(tx, actor.institute.id, row.id)) throw httpError(409, HOMEWORK_MESSAGES.markedNoChange);
  const assignedOn = patch.assigned_on ?? row.assignedOn;
  const dueOn = patch.due_on ?? row.dueOn;
  if (dueOn < assignedOn)
    throw httpError(400, HOMEWORK_MESSAGES.dueBeforeAssigned, {
      due_on: HOMEWORK_MESSAGES.dueBeforeAssigned,
    });
  const [after] = await tx
    .update(a)
    .set({
      kind: patch.kind ?? row.kind,
      title: patch.title ?? row.title,
      instructions: patch.instructions ?? row.instructions,
      assignedOn,
      dueOn,
      dueTime: patch.due_time === undefined ? row.dueTime : patch.due_time,
      maxMarks: patch.max_marks === undefined ? row.maxMarks : patch.max_marks,
    })
    .where(and(eq(a.instituteId, actor.institute.id), eq(a.id, row.id)))
    .returning();
  const late = after && (await reflagLate(tx, actor.institute.id, row, after));
  const files = { before: [] as string[], after: [] as string[] };
  if (patch.attachment_ids) {
    const keep = new Set(patch.attachment_ids);
    const current = (await attachmentsOf(tx, actor.institute.id, [row.id])).get(row.id) ?? [];
    const removed = current.filter((f) => !keep.has(f.id));
    if (removed.length)
      await tx
        .update(homeworkFiles)
        .set({ removedAt: new Date() })
        .where(
          and(
            eq(homeworkFiles.instituteId, actor.institute.id),
            inArray(
              homeworkFiles.id,
              removed.map((f) => f.id),
            ),
          ),
        );
    const added = patch.attachment_ids.filter((f) => !current.some((c) => c.id === f));
    await claimFiles(tx, actor, added, { assignmentId: row.id });
    const names = (await attachmentsOf(tx, actor.institute.id, [row.id])).get(row.id) ?? [];
    files.before = current.map((f) => f.name);
    files.after = names.map((f) => f.name);
  }
  await recordChange(tx, actor, {
    entity: 'homework_assignment',
    entityId: row.id,
    action: 'update',
    before: { ...detailsOf(row), attachments: files.before },
    after: { ...(after ? detailsOf(after) : {}), attachments: files.after, ...late },
  });
  return readAssignment(tx, actor, row.id);
}

/**
 * A new deadline re-judges the work already handed in: each pupil's current submission is late
 * when it came after the new deadline (earlier versions keep the flag they were sent with). None
 * is marked yet, or the change was refused. Answers how many are late now, for the audit (when
 * any work is in).
 */
async function reflagLate(tx: Db, instituteId: string, before: AssignmentRow, after: AssignmentRow) {
  const deadline = deadlineOf(after.dueOn, after.dueTime);
  if (deadline.getTime() === deadlineOf(before.dueOn, before.dueTime).getTime()) return undefined;
  const s = homeworkSubmissions;
  const flagged = await tx
    .update(s)
    .set({ late: sql`${s.submittedAt} > ${deadline.toISOString()}::timestamptz` })
    .where(and(eq(s.instituteId, instituteId), eq(s.assignmentId, after.id)))
    .returning({ late: s.late });
  return flagged.length ? { submissions_late: flagged.filter((f) => f.late).length } : undefined;
}

/** Publishes a draft: the section's pupils see it, and each signed-in pupil gets a notification. */
export async function publishAssignment(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  id: string,
): Promise<Assignment> {
  const row = await changeable(tx, actor, id);
  if (row.state === 'published') throw httpError(409, HOMEWORK_MESSAGES.alreadyPublished);
  await publish(tx, hub, actor, row);
  return readAssignment(tx, actor, row.id);
}

async function publish(tx: Db, hub: NotificationPublisher, actor: Actor, row: AssignmentRow) {
  const i = actor.institute.id;
  await tx
    .update(a)
    .set({ state: 'published', publishedAt: new Date() })
    .where(and(eq(a.instituteId, i), eq(a.id, row.id)));
  const [subject] = await tx
    .select({ name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.instituteId, i), eq(subjects.id, row.subjectId)));
  // One row per signed-in pupil of the section (a class is tens of rows: no queue needed).
  const pupils = await tx
    .select({ userId: students.userId })
    .from(students)
    .where(
      and(
        eq(students.instituteId, i),
        eq(students.sectionId, row.sectionId),
        inArray(students.status, [...ON_ROLLS]),
        isNotNull(students.userId),
      ),
    );
  const due = row.dueOn.split('-').reverse().join('/');
  await createNotifications(
    tx,
    hub,
    pupils.map((p) => ({
      instituteId: i,
      recipientId: p.userId as string,
      type: 'info' as const,
      title: `New ${row.kind}: ${subject?.name ?? ''}`.trim(),
      message: `${row.title} (due ${due}${row.dueTime ? ` ${row.dueTime}` : ''})`,
      eventType: 'homework',
      eventId: row.id,
      data: { path: `/homework/${row.id}` },
    })),
  );
}

/** Cancels an assignment; it and its submissions stay (pupils see it as cancelled). */
export async function cancelAssignment(tx: Db, actor: Actor, id: string): Promise<Assignment> {
  const row = await changeable(tx, actor, id);
  await tx
    .update(a)
    .set({ state: 'cancelled', cancelledAt: new Date(), cancelledBy: actor.userId })
    .where(and(eq(a.instituteId, actor.institute.id), eq(a.id, row.id), isNull(a.cancelledAt)));
  return readAssignment(tx, actor, row.id);
}
