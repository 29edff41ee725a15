import {
  type AttendanceFigures,
  type AttendanceToday,
  attendancePercent,
} from '@schooliko/common/academics/attendance';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, eq, exists, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { daysOf } from '../calendar';
import { academicYears, classes, sections } from '../classes';
import { ownStaffId } from '../staff';
import { students } from '../students';
import { attendanceMarks, attendanceSheets } from './attendance.table';

// What the dashboards show of attendance (the lead wires them in): a teacher's sections to take
// today, pupils' percentages this year, and the school's attendance today (the admin's card).

/** Counts per code of day marks, as SQL aggregates (the percentage rule is `attendancePercent`). */
export const codeCounts = {
  P: sql<number>`count(*) filter (where ${attendanceMarks.status} = 'P')`.mapWith(Number),
  A: sql<number>`count(*) filter (where ${attendanceMarks.status} = 'A')`.mapWith(Number),
  L: sql<number>`count(*) filter (where ${attendanceMarks.status} = 'L')`.mapWith(Number),
  H: sql<number>`count(*) filter (where ${attendanceMarks.status} = 'H')`.mapWith(Number),
  LV: sql<number>`count(*) filter (where ${attendanceMarks.status} = 'LV')`.mapWith(Number),
};

/**
 * The sections this teacher leads (their class-teacher sections of the current year), and whether
 * each is marked on `date`; none on a day the school is closed (a holiday, weekly off or Saturday
 * off), so no screen offers "to take today" then (issue 32).
 */
export async function attendanceToTake(
  tx: Db,
  actor: Actor,
  date: string,
): Promise<{ section_id: string; label: string; marked: boolean }[]> {
  const staffId = await ownStaffId(tx, actor);
  if (!staffId) return [];
  const [day] = await daysOf(tx, actor.institute.id, date, date);
  if (day?.state !== 'working') return [];
  const rows = await tx
    .select({
      id: sections.id,
      label: sql<string>`${classes.name} || '-' || ${sections.name}`,
      marked: sql<boolean>`${attendanceSheets.id} is not null`,
    })
    .from(sections)
    .innerJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, sections.instituteId), eq(academicYears.id, sections.academicYearId)),
    )
    .leftJoin(
      attendanceSheets,
      and(
        eq(attendanceSheets.instituteId, sections.instituteId),
        eq(attendanceSheets.sectionId, sections.id),
        eq(attendanceSheets.date, date),
        isNull(attendanceSheets.period),
      ),
    )
    .where(
      and(
        eq(sections.instituteId, actor.institute.id),
        eq(sections.classTeacherId, staffId),
        eq(academicYears.isCurrent, true),
      ),
    )
    .orderBy(asc(classes.sortOrder), asc(sections.name));
  return rows.map((r) => ({ section_id: r.id, label: r.label, marked: !!r.marked }));
}

/** Each pupil's day marks per code from `from` to `to`. */
export async function countsOf(tx: Db, instituteId: string, studentIds: string[], from: string, to: string) {
  if (!studentIds.length) return new Map<string, Record<'P' | 'A' | 'L' | 'H' | 'LV', number>>();
  const rows = await tx
    .select({ studentId: attendanceMarks.studentId, ...codeCounts })
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.instituteId, instituteId),
        inArray(attendanceMarks.studentId, studentIds),
        isNull(attendanceMarks.period),
        gte(attendanceMarks.date, from),
        lte(attendanceMarks.date, to),
      ),
    )
    .groupBy(attendanceMarks.studentId);
  return new Map(rows.map(({ studentId, ...counts }) => [studentId, counts]));
}

/** The current academic year's dates, or null when the institute has none. */
export async function currentYearRange(tx: Db, instituteId: string) {
  const [year] = await tx
    .select({ from: academicYears.startsOn, to: academicYears.endsOn })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, instituteId), eq(academicYears.isCurrent, true)));
  return year ?? null;
}

/**
 * Each marked pupil's days present ((P + L + ½·H)), days marked and percentage from `from` to
 * `to`; a pupil with nothing marked is absent from the map. The report card's attendance line
 * (exams' `'reportCard.attendance'`, provided in attendance.module.ts) and the dashboards
 * read it.
 */
export async function attendanceOver(
  tx: Db,
  instituteId: string,
  studentIds: string[],
  from: string,
  to: string,
): Promise<Map<string, AttendanceFigures>> {
  const counts = await countsOf(tx, instituteId, studentIds, from, to);
  return new Map(
    [...counts].map(([id, c]) => [
      id,
      { present: c.P + c.L + 0.5 * c.H, marked: c.P + c.A + c.L + c.H + c.LV, percent: attendancePercent(c) },
    ]),
  );
}

/** This academic year's percentage per pupil ((P + L + ½·H) ÷ days marked), null where nothing is marked. */
export async function attendancePercentOf(
  tx: Db,
  instituteId: string,
  studentIds: string[],
): Promise<Map<string, number | null>> {
  const year = await currentYearRange(tx, instituteId);
  const figures = year ? await attendanceOver(tx, instituteId, studentIds, year.from, year.to) : new Map();
  return new Map(studentIds.map((id) => [id, figures.get(id)?.percent ?? null]));
}

/** The admin dashboard's card: today's marks of the whole school, and sections marked of those with pupils. */
export async function attendanceToday(tx: Db, instituteId: string, date: string): Promise<AttendanceToday> {
  const [[marks], [sheets], [total]] = await Promise.all([
    tx
      .select(codeCounts)
      .from(attendanceMarks)
      .where(
        and(
          eq(attendanceMarks.instituteId, instituteId),
          eq(attendanceMarks.date, date),
          isNull(attendanceMarks.period),
        ),
      ),
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(attendanceSheets)
      .where(
        and(
          eq(attendanceSheets.instituteId, instituteId),
          eq(attendanceSheets.date, date),
          isNull(attendanceSheets.period),
        ),
      ),
    // Each section asks whether it has a pupil on the rolls (one index probe): joining every pupil
    // and counting distinct sections grew with the school (568 ms at 100,000 pupils, issue 33).
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sections)
      .innerJoin(
        academicYears,
        and(
          eq(academicYears.instituteId, sections.instituteId),
          eq(academicYears.id, sections.academicYearId),
        ),
      )
      .where(
        and(
          eq(sections.instituteId, instituteId),
          eq(academicYears.isCurrent, true),
          exists(
            tx
              .select({ one: sql`1` })
              .from(students)
              .where(
                and(
                  eq(students.instituteId, sections.instituteId),
                  eq(students.sectionId, sections.id),
                  inArray(students.status, [...ON_ROLLS]),
                ),
              ),
          ),
        ),
      ),
  ]);
  const counts = marks ?? { P: 0, A: 0, L: 0, H: 0, LV: 0 };
  return {
    date,
    percent_present: attendancePercent(counts),
    marked_students: counts.P + counts.A + counts.L + counts.H + counts.LV,
    absentees: counts.A,
    sections_marked: sheets?.n ?? 0,
    sections_total: total?.n ?? 0,
  };
}
