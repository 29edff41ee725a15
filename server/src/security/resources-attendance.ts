import { todayInIndia } from '@schooliko/common/kit/dates';
import { attendanceEditRequests } from '../modules/attendance/attendance.table';
import { academicYears, classes, sections } from '../modules/classes/classes.table';
import { students } from '../modules/students/students.table';
import { type ResourceContext, type ResourceMaker, studentOf } from './resources';

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

export const ATTENDANCE_MAKERS: readonly ResourceMaker[] = [
  { name: 'section_id', under: '/api/attendance', make: sectionOf },
  {
    name: 'entries',
    under: '/api/attendance',
    make: async (c) => [{ student_id: await pupilOf(c), status: 'A' }],
  },
  { name: 'id', under: '/api/attendance/requests', make: requestOf },
  { name: 'id', under: '/api/attendance/students', make: studentOf },
];
