import {
  type AttendanceCode,
  attendancePercent,
  type LowAttendanceQuery,
  type Register,
  type StudentMonth,
  type StudentPercent,
} from '@schooliko/common/academics/attendance';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, searchIn } from '../../kit/list-page';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { daysOf } from '../calendar';
import { classes, sections } from '../classes';
import { staff } from '../staff';
import { students } from '../students';
import { codeCounts, countsOf, currentYearRange } from './attendance.dashboard';
import { assertMaySeeStudent, sectionToRead } from './attendance.policy';
import { rollOf } from './attendance.service';
import { attendanceMarks, attendanceSheets } from './attendance.table';

const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
};
const WEIGHT: Record<AttendanceCode, number> = { P: 1, L: 1, H: 0.5, A: 0, LV: 0 };
const sectionLabel = sql<string>`${classes.name} || '-' || ${sections.name}`;
const dayMarks = (instituteId: string, from: string, to: string) =>
  and(
    eq(attendanceMarks.instituteId, instituteId),
    isNull(attendanceMarks.period),
    gte(attendanceMarks.date, from),
    lte(attendanceMarks.date, to),
  );

/** The monthly register of a section: its pupils × the month's days, closed days marked, totals each way. */
export async function registerOf(
  tx: Db,
  actor: Actor,
  query: { section_id: string; month: string },
): Promise<Register> {
  const instituteId = actor.institute.id;
  const section = await sectionToRead(tx, actor, query.section_id);
  const { from, to } = monthRange(query.month);
  const [days, roll, marks, sheets, [teacher]] = await Promise.all([
    daysOf(tx, instituteId, from, to),
    rollOf(tx, instituteId, [section.id]),
    tx
      .select({
        studentId: attendanceMarks.studentId,
        date: attendanceMarks.date,
        status: attendanceMarks.status,
      })
      .from(attendanceMarks)
      .where(and(dayMarks(instituteId, from, to), eq(attendanceMarks.sectionId, section.id))),
    tx
      .select({ date: attendanceSheets.date })
      .from(attendanceSheets)
      .where(
        and(
          eq(attendanceSheets.instituteId, instituteId),
          eq(attendanceSheets.sectionId, section.id),
          isNull(attendanceSheets.period),
          gte(attendanceSheets.date, from),
          lte(attendanceSheets.date, to),
        ),
      ),
    section.classTeacherId
      ? tx
          .select({ name: personName(staff) })
          .from(staff)
          .where(and(eq(staff.instituteId, instituteId), eq(staff.id, section.classTeacherId)))
      : Promise.resolve([]),
  ]);
  const taken = new Set(sheets.map((s) => s.date));
  const byKey = new Map(marks.map((m) => [`${m.studentId}:${m.date}`, m.status]));
  const rows = roll.map((s) => {
    const codes = days.map((d) => byKey.get(`${s.id}:${d.date}`) ?? null);
    const counts: Partial<Record<AttendanceCode, number>> = {};
    for (const c of codes) if (c) counts[c] = (counts[c] ?? 0) + 1;
    return {
      student_id: s.id,
      name: s.name,
      roll_no: s.rollNo,
      marks: codes,
      present: codes.reduce((sum, c) => sum + (c ? WEIGHT[c] : 0), 0),
      marked: codes.filter(Boolean).length,
      percent: attendancePercent(counts),
    };
  });
  return {
    section_id: section.id,
    section_label: section.label,
    class_teacher: teacher?.name ?? null,
    month: query.month,
    days: days.map((d, i) => ({
      date: d.date,
      state: d.state,
      holiday: d.holiday,
      marked: taken.has(d.date),
      present: taken.has(d.date)
        ? rows.reduce((sum, r) => sum + (r.marks[i] ? WEIGHT[r.marks[i] as AttendanceCode] : 0), 0)
        : null,
    })),
    students: rows,
  };
}

/** Each pupil of a section with their counts and percentage from `from` to `to`. */
export async function sectionPercentages(
  tx: Db,
  actor: Actor,
  query: { section_id: string; from: string; to: string },
): Promise<StudentPercent[]> {
  const section = await sectionToRead(tx, actor, query.section_id);
  const roll = await rollOf(tx, actor.institute.id, [section.id]);
  const counts = await countsOf(
    tx,
    actor.institute.id,
    roll.map((s) => s.id),
    query.from,
    query.to,
  );
  return roll.map((s) => {
    const c = counts.get(s.id) ?? { P: 0, A: 0, L: 0, H: 0, LV: 0 };
    return {
      student_id: s.id,
      name: s.name,
      roll_no: s.rollNo,
      section_label: section.label,
      counts: c,
      marked: c.P + c.A + c.L + c.H + c.LV,
      percent: attendancePercent(c),
    };
  });
}

/**
 * Pupils on the rolls below `threshold` % from `from` to `to` (CBSE: 75 %), lowest first, one
 * page with its total in one round trip. Pupils with nothing marked are not listed.
 */
export async function lowAttendance(tx: Db, actor: Actor, query: LowAttendanceQuery) {
  const instituteId = actor.institute.id;
  // One aggregation over the marks joined to their pupils: a join to an aggregated subquery let
  // the planner run the whole aggregation again for every pupil (8 s on the demo school).
  const percent = sql<number>`round(100.0 * (count(*) filter (where ${attendanceMarks.status} in ('P', 'L')) + 0.5 * count(*) filter (where ${attendanceMarks.status} = 'H')) / count(*), 1)`;
  const where = and(
    dayMarks(instituteId, query.from, query.to),
    eq(students.instituteId, instituteId),
    inArray(students.status, [...ON_ROLLS]),
    query.section_id ? eq(students.sectionId, query.section_id) : undefined,
    searchIn(query.search, [personName(students), students.admissionNo]),
  );
  const base = () =>
    tx
      .select({
        id: students.id,
        name: personName(students),
        rollNo: students.rollNo,
        label: sectionLabel,
        P: codeCounts.P,
        A: codeCounts.A,
        L: codeCounts.L,
        H: codeCounts.H,
        LV: codeCounts.LV,
        marked: sql<number>`count(*)`.mapWith(Number),
        percent,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(attendanceMarks)
      .innerJoin(
        students,
        and(
          eq(students.instituteId, attendanceMarks.instituteId),
          eq(students.id, attendanceMarks.studentId),
        ),
      )
      .innerJoin(
        sections,
        and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
      )
      .innerJoin(
        classes,
        and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)),
      )
      .where(where)
      .groupBy(
        students.instituteId,
        students.id,
        sections.instituteId,
        sections.id,
        classes.instituteId,
        classes.id,
      )
      .having(lt(percent, query.threshold));
  return listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      base().orderBy(asc(percent), asc(students.firstName), asc(students.id)).limit(limit).offset(offset),
    countAll: async () => (await base()).length,
    toItem: (r): StudentPercent => ({
      student_id: r.id,
      name: r.name,
      roll_no: r.rollNo,
      section_label: r.label,
      counts: { P: Number(r.P), A: Number(r.A), L: Number(r.L), H: Number(r.H), LV: Number(r.LV) },
      marked: Number(r.marked),
      percent: Number(r.percent),
    }),
  });
}

/** The pupils marked absent (or on leave) on a date, section by section: the dashboard's absentee link. */
export async function absenteesOn(tx: Db, actor: Actor, date: string) {
  const rows = await tx
    .select({
      studentId: students.id,
      name: personName(students),
      rollNo: students.rollNo,
      sectionId: sections.id,
      label: sectionLabel,
      status: attendanceMarks.status,
    })
    .from(attendanceMarks)
    .innerJoin(
      students,
      and(eq(students.instituteId, attendanceMarks.instituteId), eq(students.id, attendanceMarks.studentId)),
    )
    .innerJoin(
      sections,
      and(eq(sections.instituteId, attendanceMarks.instituteId), eq(sections.id, attendanceMarks.sectionId)),
    )
    .innerJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .where(and(dayMarks(actor.institute.id, date, date), inArray(attendanceMarks.status, ['A', 'LV'])))
    .orderBy(asc(classes.sortOrder), asc(sections.name), asc(students.rollNo), asc(students.firstName))
    .limit(2000);
  return rows.map((r) => ({
    student_id: r.studentId,
    name: r.name,
    roll_no: r.rollNo,
    section_id: r.sectionId,
    section_label: r.label,
    status: r.status,
  }));
}

/** A pupil's month as they and their parents see it, with the month's and the year's percentage. */
export async function studentMonth(
  tx: Db,
  actor: Actor,
  studentId: string,
  month: string,
): Promise<StudentMonth> {
  const instituteId = actor.institute.id;
  await assertMaySeeStudent(tx, actor, studentId);
  const { from, to } = monthRange(month);
  const [[pupil], days, marks, year] = await Promise.all([
    tx
      .select({ name: personName(students), label: sectionLabel })
      .from(students)
      .leftJoin(
        sections,
        and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
      )
      .leftJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
      .where(and(eq(students.instituteId, instituteId), eq(students.id, studentId))),
    daysOf(tx, instituteId, from, to),
    tx
      .select({ date: attendanceMarks.date, status: attendanceMarks.status })
      .from(attendanceMarks)
      .where(and(dayMarks(instituteId, from, to), eq(attendanceMarks.studentId, studentId))),
    currentYearRange(tx, instituteId),
  ]);
  const statusOf = new Map(marks.map((m) => [m.date, m.status]));
  const monthCounts: Partial<Record<AttendanceCode, number>> = {};
  for (const m of marks) monthCounts[m.status] = (monthCounts[m.status] ?? 0) + 1;
  const yearCounts = year
    ? (await countsOf(tx, instituteId, [studentId], year.from, year.to)).get(studentId)
    : undefined;
  return {
    student_id: studentId,
    name: pupil?.name ?? '',
    section_label: pupil?.label ?? '',
    month,
    days: days.map((d) => ({ ...d, status: statusOf.get(d.date) ?? null })),
    month_percent: attendancePercent(monthCounts),
    year_percent: yearCounts ? attendancePercent(yearCounts) : null,
  };
}
