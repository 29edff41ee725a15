import {
  ATTENDANCE_MESSAGES,
  type AttendanceCode,
  type AttendanceDay,
  type AttendanceDayQuery,
  type AttendanceInput,
  type AttendanceSaved,
  DEFAULT_EDIT_WINDOW_DAYS,
} from '@schooliko/common/academics/attendance';
import { weekdayOf } from '@schooliko/common/academics/calendar';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { type AnyColumn, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChanges } from '../../platform/audit/audit.service';
import { users } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { daysOf } from '../calendar';
import { students } from '../students';
import { timetableEntries } from '../timetable';
import { alertAbsences } from './attendance.alerts';
import { type SectionOfDay, sectionToRead, sectionToTake } from './attendance.policy';
import {
  attendanceEditRequests,
  attendanceMarks,
  attendanceSettings,
  attendanceSheets,
} from './attendance.table';

/** The period's condition: the day's marks have none. */
export const periodIs = (column: AnyColumn, period: number | null | undefined): SQL =>
  period == null ? isNull(column) : eq(column, period);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 864e5);

export async function editWindowOf(tx: Db, instituteId: string): Promise<number> {
  const [row] = await tx
    .select({ days: attendanceSettings.editWindowDays })
    .from(attendanceSettings)
    .where(eq(attendanceSettings.instituteId, instituteId));
  return row?.days ?? DEFAULT_EDIT_WINDOW_DAYS;
}

type DayState = AttendanceDay['day_state'];
/** Whether a date may be taken: a working day of the calendar, not in the future. */
async function stateOf(tx: Db, instituteId: string, date: string) {
  if (date > todayInIndia()) return { state: 'future' as DayState, holiday: null };
  const [day] = await daysOf(tx, instituteId, date, date);
  return { state: (day?.state ?? 'outsideYear') as DayState, holiday: day?.holiday ?? null };
}

/** The 400 that says why a day cannot be taken. */
function refusal(state: DayState, holiday: string | null) {
  if (state === 'future') return httpError(400, ATTENDANCE_MESSAGES.futureDate);
  if (state === 'holiday') return httpError(400, ATTENDANCE_MESSAGES.holiday(holiday ?? ''));
  if (state === 'weeklyOff') return httpError(400, ATTENDANCE_MESSAGES.weeklyOff);
  if (state === 'saturdayOff') return httpError(400, ATTENDANCE_MESSAGES.saturdayOff);
  return httpError(400, ATTENDANCE_MESSAGES.outsideYear);
}

/** The pupils on a section's rolls, in roll-number order. */
export async function rollOf(tx: Db, instituteId: string, sectionIds: string[]) {
  if (!sectionIds.length) return [];
  return tx
    .select({
      id: students.id,
      sectionId: students.sectionId,
      name: personName(students),
      rollNo: students.rollNo,
      admissionNo: students.admissionNo,
    })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        inArray(students.sectionId, sectionIds),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .orderBy(
      asc(sql`length(${students.rollNo})`),
      asc(students.rollNo),
      asc(students.firstName),
      asc(students.lastName),
      asc(students.id),
    );
}

async function timetabled(tx: Db, instituteId: string, section: SectionOfDay, date: string) {
  const [row] = await tx
    .select({ id: timetableEntries.id })
    .from(timetableEntries)
    .where(
      and(
        eq(timetableEntries.instituteId, instituteId),
        eq(timetableEntries.academicYearId, section.academicYearId),
        eq(timetableEntries.sectionId, section.id),
        eq(timetableEntries.day, weekdayOf(date)),
      ),
    )
    .limit(1);
  return !!row;
}

const sheetWhere = (
  instituteId: string,
  sectionId: string,
  date: string,
  period: number | null | undefined,
) =>
  and(
    eq(attendanceSheets.instituteId, instituteId),
    eq(attendanceSheets.sectionId, sectionId),
    eq(attendanceSheets.date, date),
    periodIs(attendanceSheets.period, period),
  );
const marksWhere = (
  instituteId: string,
  sectionId: string,
  date: string,
  period: number | null | undefined,
) =>
  and(
    eq(attendanceMarks.instituteId, instituteId),
    eq(attendanceMarks.sectionId, sectionId),
    eq(attendanceMarks.date, date),
    periodIs(attendanceMarks.period, period),
  );

/** GET /api/attendance: the section's pupils with their marks of the day, and whether it may be taken. */
export async function attendanceDay(tx: Db, actor: Actor, query: AttendanceDayQuery): Promise<AttendanceDay> {
  const instituteId = actor.institute.id;
  const section = await sectionToRead(tx, actor, query.section_id);
  const period = query.period ?? null;
  const [{ state, holiday }, window, roll, marks, [sheet], isTimetabled, [pending]] = await Promise.all([
    stateOf(tx, instituteId, query.date),
    editWindowOf(tx, instituteId),
    rollOf(tx, instituteId, [section.id]),
    tx
      .select({ studentId: attendanceMarks.studentId, status: attendanceMarks.status })
      .from(attendanceMarks)
      .where(marksWhere(instituteId, section.id, query.date, period)),
    tx
      .select({ at: attendanceSheets.takenAt, by: personName(users) })
      .from(attendanceSheets)
      .leftJoin(users, eq(users.id, attendanceSheets.takenBy))
      .where(sheetWhere(instituteId, section.id, query.date, period)),
    timetabled(tx, instituteId, section, query.date),
    tx
      .select({ id: attendanceEditRequests.id })
      .from(attendanceEditRequests)
      .where(
        and(
          eq(attendanceEditRequests.instituteId, instituteId),
          eq(attendanceEditRequests.sectionId, section.id),
          eq(attendanceEditRequests.date, query.date),
          periodIs(attendanceEditRequests.period, period),
          eq(attendanceEditRequests.status, 'pending'),
        ),
      )
      .limit(1),
  ]);
  const statusOf = new Map(marks.map((m) => [m.studentId, m.status]));
  return {
    section_id: section.id,
    section_label: section.label,
    date: query.date,
    period,
    day_state: state,
    holiday,
    marked: !!sheet,
    marked_by: sheet?.by ?? null,
    marked_at: sheet?.at.toISOString() ?? null,
    needs_approval: !holds(actor, 'attendance:approve') && daysBetween(query.date, todayInIndia()) > window,
    edit_window_days: window,
    timetabled: isTimetabled,
    pending_request_id: pending?.id ?? null,
    items: roll.map((s) => ({
      student_id: s.id,
      name: s.name,
      roll_no: s.rollNo,
      admission_no: s.admissionNo,
      status: statusOf.get(s.id) ?? null,
    })),
  };
}

type Entry = { student_id: string; status: AttendanceCode };

/**
 * Writes a section's marks of a day (or period), replacing what was there: the sheet's upsert,
 * one upsert of all marks (a mark that did not change keeps its taker and time), one delete of
 * the pupils left out, and one insert of audit rows for each mark changed or removed.
 */
export async function applyMarks(
  tx: Db,
  actor: Pick<Actor, 'institute' | 'userId'>,
  section: SectionOfDay,
  date: string,
  period: number | null,
  entries: readonly Entry[],
  action = 'attendance',
): Promise<{ created: boolean }> {
  const instituteId = actor.institute.id;
  const now = new Date();
  const before = await tx
    .select({ studentId: attendanceMarks.studentId, status: attendanceMarks.status })
    .from(attendanceMarks)
    .where(marksWhere(instituteId, section.id, date, period));
  const [sheet] = await tx
    .insert(attendanceSheets)
    .values({ instituteId, sectionId: section.id, date, period, takenBy: actor.userId, takenAt: now })
    .onConflictDoUpdate({
      target: [
        attendanceSheets.instituteId,
        attendanceSheets.sectionId,
        attendanceSheets.date,
        attendanceSheets.period,
      ],
      set: { takenBy: actor.userId, takenAt: now },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  if (entries.length)
    await tx
      .insert(attendanceMarks)
      .values(
        entries.map((e) => ({
          instituteId,
          sectionId: section.id,
          date,
          period,
          studentId: e.student_id,
          status: e.status,
          markedBy: actor.userId,
          markedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          attendanceMarks.instituteId,
          attendanceMarks.sectionId,
          attendanceMarks.date,
          attendanceMarks.period,
          attendanceMarks.studentId,
        ],
        set: {
          status: sql`excluded.status`,
          markedBy: sql`excluded.marked_by`,
          markedAt: sql`excluded.marked_at`,
        },
        setWhere: sql`${attendanceMarks.status} is distinct from excluded.status`,
      });
  const next = new Map(entries.map((e) => [e.student_id, e.status]));
  const removed = before.filter((b) => !next.has(b.studentId)).map((b) => b.studentId);
  if (removed.length)
    await tx
      .delete(attendanceMarks)
      .where(
        and(marksWhere(instituteId, section.id, date, period), inArray(attendanceMarks.studentId, removed)),
      );
  const changed = before.filter((b) => (next.get(b.studentId) ?? null) !== b.status);
  if (changed.length)
    await recordChanges(
      tx,
      actor,
      'student',
      changed.map((b) => ({
        id: b.studentId,
        action,
        before: { date, period, status: b.status },
        after: { date, period, status: next.get(b.studentId) ?? null },
      })),
    );
  return { created: !!sheet?.created };
}

/** The entries must name pupils on the section's rolls. */
async function assertOnRolls(tx: Db, instituteId: string, section: SectionOfDay, entries: readonly Entry[]) {
  if (!entries.length) return;
  const rows = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        eq(students.sectionId, section.id),
        inArray(students.status, [...ON_ROLLS]),
        inArray(
          students.id,
          entries.map((e) => e.student_id),
        ),
      ),
    );
  if (rows.length !== entries.length)
    throw httpError(400, ATTENDANCE_MESSAGES.studentNotInSection, {
      entries: ATTENDANCE_MESSAGES.studentNotInSection,
    });
}

/**
 * POST /api/attendance. A working day, not in the future; the caller takes the section. A day
 * older than the edit window is changed directly by an approver only: a teacher's save becomes an
 * edit request (202). Otherwise the marks replace the day's (201 the first time, 200 after).
 */
export async function saveAttendance(
  tx: Db,
  actor: Actor,
  input: AttendanceInput,
): Promise<{ status: 200 | 201 | 202; data: AttendanceSaved }> {
  const instituteId = actor.institute.id;
  const section = await sectionToTake(tx, actor, input.section_id);
  const { state, holiday } = await stateOf(tx, instituteId, input.date);
  if (state !== 'working') throw refusal(state, holiday);
  await assertOnRolls(tx, instituteId, section, input.entries);
  const period = input.period ?? null;
  const warnings = (await timetabled(tx, instituteId, section, input.date))
    ? []
    : [ATTENDANCE_MESSAGES.notTimetabled.text];
  const counts = {
    marked: input.entries.length,
    absent: input.entries.filter((e) => e.status === 'A').length,
  };
  const window = await editWindowOf(tx, instituteId);
  if (!holds(actor, 'attendance:approve') && daysBetween(input.date, todayInIndia()) > window) {
    const [request] = await tx
      .insert(attendanceEditRequests)
      .values({
        instituteId,
        sectionId: section.id,
        date: input.date,
        period,
        entries: input.entries,
        requestedBy: actor.userId,
      })
      .returning({ id: attendanceEditRequests.id });
    return {
      status: 202,
      data: { outcome: 'requested', request_id: request?.id ?? null, ...counts, alerts: 0, warnings },
    };
  }
  const { created } = await applyMarks(tx, actor, section, input.date, period, input.entries);
  const alerts =
    period === null
      ? await alertAbsences(
          tx,
          instituteId,
          input.date,
          input.entries.filter((e) => e.status === 'A').map((e) => e.student_id),
        )
      : 0;
  return {
    status: created ? 201 : 200,
    data: { outcome: 'saved', request_id: null, ...counts, alerts, warnings },
  };
}
