import { randomBytes } from 'node:crypto';
import type { PhotoKind } from '@schooliko/common/people/photos';
import { eq } from 'drizzle-orm';
import { changeRequests } from '../modules/change-requests/change-requests.table';
import { academicYears, classes, sections } from '../modules/classes/classes.table';
import { guardians, studentGuardians } from '../modules/guardians/guardians.table';
import type { visitors } from '../modules/reception/reception.table';
import { staff } from '../modules/staff/staff.table';
import { students } from '../modules/students/students.table';
import { bellPeriods, subjects } from '../modules/timetable/timetable.table';
import { recordPhotoPlace } from '../platform/uploads/photo.routes';
import { image } from '../platform/uploads/uploads.testing';
import type { ResourceContext } from './resources';

// The school's own records the security suites fill ids with (people, classes, subjects), each
// carrying its owner's marker: shared by resources.ts and the modules' *.security.ts makers.

/** A student of the owner's institute whose name carries its marker (people records, issue 12). */
export async function studentOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`student:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(students)
      .values({
        instituteId: c.owner.institute.id,
        admissionNo: `S-${c.owner.label}`,
        firstName: `Pupil ${c.owner.secret}`,
        dateOfBirth: '2015-04-01',
        gender: 'female',
        userId: c.owner.members.student.id,
      })
      .returning({ id: students.id });
    return row?.id;
  });
}

/**
 * The file name of a photo of the owner's record of a kind (the one `recordOf` makes for the same
 * routes' `id`), so a photo route is tried on a photo that is there: the tenant suite must get
 * B's real photo refused.
 */
export async function photoOf(
  c: ResourceContext,
  kind: PhotoKind,
  recordOf: (c: ResourceContext) => Promise<string | undefined>,
  table: typeof students | typeof staff | typeof visitors,
): Promise<string | undefined> {
  return c.once(`photo:${kind}:${c.owner.label}`, async () => {
    const id = await recordOf(c);
    if (!id) return undefined;
    const file = `${randomBytes(16).toString('hex')}.png`;
    const place = recordPhotoPlace(c.owner.institute.id, kind, id);
    const { storage, database } = c.world.t.app;
    await storage.put(`${place.folder}/${file}`, await image('png'), 'image/png');
    await database.db
      .update(table)
      .set({ photoUrl: `${place.base}/photo/${file}` })
      .where(eq(table.id, id));
    return file;
  });
}

/** A staff member (no account, so job sets are never handed to a suite member) carrying the marker. */
export async function staffOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`staff:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(staff)
      .values({
        instituteId: c.owner.institute.id,
        employeeCode: `E-${c.owner.label}`,
        firstName: `Teacher ${c.owner.secret}`,
        joiningDate: '2020-06-01',
      })
      .returning({ id: staff.id });
    return row?.id;
  });
}

/** An academic year of the owner's institute whose name carries the marker. */
export async function yearOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`year:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(academicYears)
      .values({
        instituteId: c.owner.institute.id,
        name: `Year ${c.owner.secret}`,
        startsOn: '2030-04-01',
        endsOn: '2031-03-31',
      })
      .returning({ id: academicYears.id });
    return row?.id;
  });
}

/**
 * A guardian of the owner's institute whose name carries its marker: `linked` ties them to the
 * owner's student (studentOf) as the owner's parent member, so that parent has a child.
 */
export async function newGuardian(c: ResourceContext, linked: boolean): Promise<string | undefined> {
  const studentId = linked ? await studentOf(c) : undefined;
  const db = c.world.t.database.db;
  const [row] = await db
    .insert(guardians)
    .values({
      instituteId: c.owner.institute.id,
      name: `Guardian ${c.owner.secret}`,
      phone: '9876500002',
      email: `guardian-${c.owner.secret.toLowerCase()}@example.com`,
      userId: linked ? c.owner.members.parent.id : null,
    })
    .returning({ id: guardians.id });
  if (row && studentId)
    await db
      .insert(studentGuardians)
      .values({ instituteId: c.owner.institute.id, studentId, guardianId: row.id, relation: 'mother' });
  return row?.id;
}

/** The owner's parent member as a guardian of the owner's student (one per institute). */
export const guardianOf = (c: ResourceContext) =>
  c.once(`guardian:${c.owner.label}`, () => newGuardian(c, true));

/** A pending request of the owner's student to change their city (a new one each time: deciding uses it up). */
export async function changeRequestOf(c: ResourceContext): Promise<string | undefined> {
  const studentId = await studentOf(c);
  if (!studentId) return undefined;
  const [row] = await c.world.t.database.db
    .insert(changeRequests)
    .values({
      instituteId: c.owner.institute.id,
      entity: 'student',
      entityId: studentId,
      changes: { city: 'Pune' },
      note: `Please update ${c.owner.secret}`,
      requestedBy: c.owner.members.student.id,
      requestedByName: c.owner.members.student.lastName,
    })
    .returning({ id: changeRequests.id });
  return row?.id;
}

export async function classOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`class:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(classes)
      .values({ instituteId: c.owner.institute.id, name: `Class ${c.owner.secret}`, sortOrder: 1 })
      .returning({ id: classes.id });
    return row?.id;
  });
}

/** A section whose class name and room carry the marker. */
export async function sectionOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`section:${c.owner.label}`, async () => {
    const [classId, yearId] = [await classOf(c), await yearOf(c)];
    if (!classId || !yearId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(sections)
      .values({
        instituteId: c.owner.institute.id,
        classId,
        academicYearId: yearId,
        name: 'A',
        room: `Room ${c.owner.secret}`,
      })
      .returning({ id: sections.id });
    return row?.id;
  });
}

/** A subject whose name carries the marker, with a bell schedule whose first period is a lesson. */
export async function subjectOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`subject:${c.owner.label}`, async () => {
    const db = c.world.t.database.db;
    await db
      .insert(bellPeriods)
      .values({
        instituteId: c.owner.institute.id,
        period: 1,
        label: 'P1',
        kind: 'lesson',
        startsAt: '08:00',
        endsAt: '08:40',
      })
      .onConflictDoNothing();
    const [row] = await db
      .insert(subjects)
      .values({
        instituteId: c.owner.institute.id,
        name: `Subject ${c.owner.secret}`,
        code: 'SECSUB',
        type: 'compulsory',
      })
      .returning({ id: subjects.id });
    return row?.id;
  });
}

/**
 * The staff record of the owner's teacher account: one per institute, shared by every maker that
 * needs "the teacher's own" section or subject (a second record would leave the policies' staff
 * lookup to pick either).
 */
export async function teacherStaffOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`teacher-staff:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(staff)
      .values({
        instituteId: c.owner.institute.id,
        employeeCode: `T-${c.owner.label}`,
        firstName: `Teacher ${c.owner.secret}`,
        joiningDate: '2020-06-01',
        userId: c.owner.members.teacher.id,
      })
      .returning({ id: staff.id });
    return row?.id;
  });
}
