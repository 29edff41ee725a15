import type { AttendanceCode } from '@schooliko/common/academics/attendance';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { random } from '../../db/demo/generator';
import type { ModuleSeed } from '../../kit/module';
import { daysOf } from '../calendar';
import { currentYearOf, sections } from '../classes';
import { staff } from '../staff';
import { students } from '../students';
import { attendanceSheets } from './attendance.table';

// The demo school's attendance (issue 13 item 3): the last three school weeks (15 working days of
// the calendar, before today) of every section, taken by its class teacher at about 8:20. About
// 92 % present; one pupil in 25 is a chronic absentee (below the 75 % the low-attendance list
// shows); some late, on leave or half-day. Today is not taken: teachers' dashboards show it to take.
// Written straight into the tables, so no absence alert is sent for these days.

const DAYS = 15;
const CHUNK = 2000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 864e5).toISOString().slice(0, 10);

/** A pupil's code of a day, by their habit (chronic absentees miss about 40 % of days). */
function codeOf(r: ReturnType<typeof random>, chronic: boolean): AttendanceCode {
  const x = r.next();
  if (chronic) return x < 0.38 ? 'A' : x < 0.45 ? 'L' : x < 0.5 ? 'LV' : 'P';
  return x < 0.045 ? 'A' : x < 0.07 ? 'L' : x < 0.08 ? 'LV' : x < 0.087 ? 'H' : 'P';
}

export async function seedDemoAttendance(db: Db, instituteId: string, fallbackTaker: string): Promise<void> {
  const i = instituteId;
  const [existing] = await db
    .select({ id: attendanceSheets.id })
    .from(attendanceSheets)
    .where(eq(attendanceSheets.instituteId, i))
    .limit(1);
  if (existing) return;
  const year = await currentYearOf(db, i);
  if (!year) return;
  const today = todayInIndia();
  const days = (await daysOf(db, i, shift(today, -60), shift(today, -1)))
    .filter((d) => d.state === 'working')
    .map((d) => d.date)
    .slice(-DAYS);
  const sectionRows = await db
    .select({ id: sections.id, taker: staff.userId })
    .from(sections)
    .leftJoin(staff, and(eq(staff.instituteId, sections.instituteId), eq(staff.id, sections.classTeacherId)))
    .where(and(eq(sections.instituteId, i), eq(sections.academicYearId, year.id)));
  const pupils = await db
    .select({ id: students.id, sectionId: students.sectionId })
    .from(students)
    .where(
      and(
        eq(students.instituteId, i),
        inArray(
          students.sectionId,
          sectionRows.map((s) => s.id),
        ),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .orderBy(asc(students.admissionNo));
  const r = random(3113);
  const chronic = new Set(pupils.filter(() => r.chance(0.04)).map((p) => p.id));
  const sheets: (typeof attendanceSheets.$inferInsert)[] = [];
  const marks: {
    section_id: string;
    date: string;
    student_id: string;
    status: AttendanceCode;
    marked_by: string;
    marked_at: string;
  }[] = [];
  for (const date of days) {
    for (const [n, section] of sectionRows.entries()) {
      const takenBy = section.taker ?? fallbackTaker;
      const takenAt = new Date(`${date}T08:${String(12 + (n % 15)).padStart(2, '0')}:00+05:30`);
      sheets.push({ instituteId: i, sectionId: section.id, date, takenBy, takenAt, firstTakenAt: takenAt });
      for (const p of pupils)
        if (p.sectionId === section.id)
          marks.push({
            section_id: section.id,
            date,
            student_id: p.id,
            status: codeOf(r, chronic.has(p.id)),
            marked_by: takenBy,
            marked_at: takenAt.toISOString(),
          });
    }
  }
  for (let from = 0; from < sheets.length; from += CHUNK)
    await db.insert(attendanceSheets).values(sheets.slice(from, from + CHUNK));
  // One parameter per chunk (a JSON array): PGlite parses a statement of thousands of
  // parameters slowly, a single jsonb value quickly.
  for (let from = 0; from < marks.length; from += CHUNK) {
    const rows = marks.slice(from, from + CHUNK);
    await db.execute(sql`
      insert into attendance_marks (institute_id, section_id, date, student_id, status, marked_by, marked_at)
      select ${i}::uuid, x.section_id, x.date, x.student_id, x.status, x.marked_by, x.marked_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(section_id uuid, date date, student_id uuid, status text, marked_by uuid, marked_at timestamptz)`);
  }
}

/** Attendance's demo step: the last three school weeks (today is left for the teachers to take). */
export const seedAttendanceDemo: ModuleSeed = async (db, { devInstituteId, emails }) => {
  const admin = emails.get('admin@schooliko.dev');
  if (devInstituteId && admin) await seedDemoAttendance(db, devInstituteId, admin);
};
