import {
  ATTENDANCE_MESSAGES,
  type AttendanceSettings,
  type EditRequest,
} from '@schooliko/common/academics/attendance';
import { pagination } from '@schooliko/common/http';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { totalRows } from '../../kit/list-page';
import { personName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { users } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { students } from '../students';
import { sectionToTake } from './attendance.policy';
import { applyMarks, editWindowOf } from './attendance.service';
import {
  attendanceEditRequests,
  attendanceMarks,
  attendanceSettings,
  type EditRequestRow,
} from './attendance.table';

/** Requests with each asked change beside the mark as it is now (only the pupils whose code changes). */
async function present(
  tx: Db,
  instituteId: string,
  rows: (EditRequestRow & { by: string; label: string })[],
) {
  const ids = [...new Set(rows.flatMap((r) => r.entries.map((e) => e.student_id)))];
  const [names, marks] = ids.length
    ? await Promise.all([
        tx
          .select({ id: students.id, name: personName(students) })
          .from(students)
          .where(and(eq(students.instituteId, instituteId), inArray(students.id, ids))),
        tx
          .select({
            studentId: attendanceMarks.studentId,
            sectionId: attendanceMarks.sectionId,
            date: attendanceMarks.date,
            period: attendanceMarks.period,
            status: attendanceMarks.status,
          })
          .from(attendanceMarks)
          .where(
            and(
              eq(attendanceMarks.instituteId, instituteId),
              inArray(attendanceMarks.studentId, ids),
              inArray(
                attendanceMarks.date,
                rows.map((r) => r.date),
              ),
            ),
          ),
      ])
    : [[], []];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r): EditRequest => {
    const now = new Map(
      marks
        .filter((m) => m.sectionId === r.sectionId && m.date === r.date && m.period === r.period)
        .map((m) => [m.studentId, m.status]),
    );
    return {
      id: r.id,
      section_id: r.sectionId,
      section_label: r.label,
      date: r.date,
      period: r.period,
      status: r.status,
      changes: r.entries
        .filter((e) => r.status !== 'pending' || now.get(e.student_id) !== e.status)
        .map((e) => ({
          student_id: e.student_id,
          name: nameOf.get(e.student_id) ?? '',
          from: now.get(e.student_id) ?? null,
          to: e.status,
        })),
      requested_by_name: r.by,
      created_at: r.createdAt.toISOString(),
      review_note: r.reviewNote,
    };
  });
}

const label = sql<string>`${classes.name} || '-' || ${sections.name}`;

function requestRows(tx: Db) {
  return tx
    .select({ request: attendanceEditRequests, by: personName(users), label, total: totalRows })
    .from(attendanceEditRequests)
    .innerJoin(
      sections,
      and(
        eq(sections.instituteId, attendanceEditRequests.instituteId),
        eq(sections.id, attendanceEditRequests.sectionId),
      ),
    )
    .innerJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .leftJoin(users, eq(users.id, attendanceEditRequests.requestedBy));
}

/** Edit requests, newest first: an approver sees everyone's, a teacher their own. */
export async function listEditRequests(
  tx: Db,
  actor: Actor,
  query: { status: EditRequestRow['status']; page: number; limit: number },
) {
  const rows = await requestRows(tx)
    .where(
      and(
        eq(attendanceEditRequests.instituteId, actor.institute.id),
        eq(attendanceEditRequests.status, query.status),
        holds(actor, 'attendance:approve') ? undefined : eq(attendanceEditRequests.requestedBy, actor.userId),
      ),
    )
    .orderBy(desc(attendanceEditRequests.createdAt), desc(attendanceEditRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const items = await present(
    tx,
    actor.institute.id,
    rows.map((r) => ({ ...r.request, by: r.by ?? '', label: r.label })),
  );
  return { items, pagination: pagination(query, rows[0]?.total ?? 0) };
}

/**
 * Approves (the asked marks replace the day's, audited, in this transaction) or rejects a pending
 * request. A request already decided answers 409, also when two approvers decide at once.
 */
export async function decideEditRequest(
  tx: Db,
  actor: Actor,
  id: string,
  decision: 'approved' | 'rejected',
  note: string,
): Promise<EditRequest> {
  const [pending] = await tx
    .select()
    .from(attendanceEditRequests)
    .where(and(eq(attendanceEditRequests.instituteId, actor.institute.id), eq(attendanceEditRequests.id, id)))
    .limit(1)
    .for('update');
  if (!pending) throw httpError(404, ATTENDANCE_MESSAGES.requestNotFound);
  if (pending.status !== 'pending') throw httpError(409, ATTENDANCE_MESSAGES.requestDecided);
  if (decision === 'approved') {
    const section = await sectionToTake(tx, actor, pending.sectionId);
    await applyMarks(
      tx,
      actor,
      section,
      pending.date,
      pending.period,
      pending.entries,
      'attendance-approved',
    );
  }
  await tx
    .update(attendanceEditRequests)
    .set({ status: decision, reviewedBy: actor.userId, reviewNote: note, reviewedAt: new Date() })
    .where(
      and(eq(attendanceEditRequests.instituteId, actor.institute.id), eq(attendanceEditRequests.id, id)),
    );
  const [row] = await requestRows(tx).where(
    and(eq(attendanceEditRequests.instituteId, actor.institute.id), eq(attendanceEditRequests.id, id)),
  );
  if (!row) throw httpError(404, ATTENDANCE_MESSAGES.requestNotFound);
  const [item] = await present(tx, actor.institute.id, [
    { ...row.request, by: row.by ?? '', label: row.label },
  ]);
  if (!item) throw httpError(404, ATTENDANCE_MESSAGES.requestNotFound);
  return item;
}

/** Sets the edit window; a change is in the institute's audit log with the days before and after. */
export async function saveAttendanceSettings(
  tx: Db,
  actor: Actor,
  input: AttendanceSettings,
): Promise<AttendanceSettings> {
  const i = actor.institute.id;
  const before = await editWindowOf(tx, i);
  await tx
    .insert(attendanceSettings)
    .values({ instituteId: i, editWindowDays: input.edit_window_days })
    .onConflictDoUpdate({
      target: [attendanceSettings.instituteId],
      set: { editWindowDays: input.edit_window_days, updatedAt: new Date() },
    });
  if (before !== input.edit_window_days)
    await recordChange(tx, actor, {
      entity: 'institute',
      entityId: i,
      action: 'attendance-settings',
      before: { edit_window_days: before },
      after: { edit_window_days: input.edit_window_days },
    });
  return input;
}
