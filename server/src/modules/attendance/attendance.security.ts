import { weekdayOf } from '@schooliko/common/academics/calendar';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { Example } from '../../security/examples';
import { studentOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { academicYears, classes, sections } from '../classes';
import { students } from '../students';
import { attendanceEditRequests } from './attendance.table';

const year = Number(todayInIndia().slice(0, 4));

/**
 * A section of a year that holds today (attendance is taken on past and present working days
 * only) whose name carries the marker, with one pupil on its rolls.
 */
async function registerOf(c: ResourceContext) {
  return c.once(`attendance-section:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    const instituteId = c.owner.institute.id;
    const [y] = await db
      .insert(academicYears)
      .values({
        instituteId,
        name: `Attendance ${c.owner.secret}`,
        startsOn: `${year - 1}-04-01`,
        endsOn: `${year + 1}-03-31`,
      })
      .returning({ id: academicYears.id });
    const [k] = await db
      .insert(classes)
      .values({ instituteId, name: `Register ${c.owner.secret}`, sortOrder: 2 })
      .returning({ id: classes.id });
    if (!y || !k) return undefined;
    const [section] = await db
      .insert(sections)
      .values({ instituteId, classId: k.id, academicYearId: y.id, name: 'R' })
      .returning({ id: sections.id });
    const [pupil] = await db
      .insert(students)
      .values({
        instituteId,
        admissionNo: `ATT-${c.owner.label}`,
        firstName: `Pupil ${c.owner.secret}`,
        dateOfBirth: '2015-04-01',
        gender: 'male',
        sectionId: section?.id,
      })
      .returning({ id: students.id });
    return section && pupil ? `${section.id}:${pupil.id}` : undefined;
  });
}

const sectionOf = async (c: ResourceContext) => (await registerOf(c))?.split(':')[0];
const pupilOf = async (c: ResourceContext) => (await registerOf(c))?.split(':')[1];

/** A pending edit request of the owner's register (a new one each time: deciding uses it up). */
async function requestOf(c: ResourceContext): Promise<string | undefined> {
  const sectionId = await sectionOf(c);
  if (!sectionId) return undefined;
  const [row] = await c.world.t.database.db
    .insert(attendanceEditRequests)
    .values({
      instituteId: c.owner.institute.id,
      sectionId,
      date: `${year - 1}-06-15`,
      entries: [],
      requestedBy: c.owner.members.teacher.id,
    })
    .returning({ id: attendanceEditRequests.id });
  return row?.id;
}

/** The security suites' makers for the attendance routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'section_id', under: '/api/attendance', make: sectionOf },
  {
    name: 'entries',
    under: '/api/attendance',
    make: async (c) => [{ student_id: await pupilOf(c), status: 'A' }],
  },
  { name: 'id', under: '/api/attendance/requests', make: requestOf },
  { name: 'id', under: '/api/attendance/students', make: studentOf },
];

/** Today, or Saturday when today is Sunday (the default weekly off): a day attendance may be taken. */
const today = todayInIndia();
const day = weekdayOf(today) === 7 ? new Date(Date.parse(today) - 864e5).toISOString().slice(0, 10) : today;
const month = { month: day.slice(0, 7) };
const range = { from: `${day.slice(0, 7)}-01`, to: day };

/** Requests the attendance routes accept where their schemas alone cannot make one. */
export const examples: Record<string, Example> = {
  'GET /api/attendance': { query: { date: day, period: undefined } },
  'POST /api/attendance': { body: { date: day, period: undefined } },
  'GET /api/attendance/register': { query: month },
  'GET /api/attendance/register.pdf': { query: month },
  'GET /api/attendance/register/export': { query: { ...month, format: 'csv' } },
  'GET /api/attendance/percentages': { query: range },
  'GET /api/attendance/low': { query: { ...range, section_id: undefined, search: undefined } },
  'GET /api/attendance/absentees': { query: { date: day } },
  'GET /api/attendance/students/:id': { query: month },
};
