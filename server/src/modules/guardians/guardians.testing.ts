import type { Role } from '@schooliko/common/auth';
import type { Db } from '../../db/client';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { academicYears, classes, sections } from '../classes/classes.table';
import { staff } from '../staff/staff.table';
import { students } from '../students/students.table';
import { guardians, studentGuardians } from './guardians.table';

/** A signed-in member: their user, and headers for app.inject. */
export async function member(t: TestApp, institute: Awaited<ReturnType<typeof makeInstitute>>, role: Role) {
  const user = await makeUser(t.database.db, {
    institute,
    roles: [role],
    firstName: role,
    lastName: 'Member',
  });
  const token = await tokenFor(t.app, user, institute, role);
  return { user, headers: as(institute, token) };
}

export async function addStudent(
  db: Db,
  instituteId: string,
  fields: { admissionNo: string; firstName: string; lastName?: string; sectionId?: string; userId?: string },
) {
  const [row] = await db
    .insert(students)
    .values({ instituteId, dateOfBirth: '2015-06-01', gender: 'female', ...fields })
    .returning();
  if (!row) throw new Error('student not made');
  return row;
}

export async function addGuardian(
  db: Db,
  instituteId: string,
  fields: { name: string; phone?: string; userId?: string; familyId?: string },
  links: { studentId: string; relation?: 'father' | 'mother' }[] = [],
) {
  const [row] = await db
    .insert(guardians)
    .values({ instituteId, phone: '9876500001', ...fields })
    .returning();
  if (!row) throw new Error('guardian not made');
  for (const l of links)
    await db
      .insert(studentGuardians)
      .values({ instituteId, studentId: l.studentId, guardianId: row.id, relation: l.relation ?? 'mother' });
  return row;
}

/** A section (VII-A) led by a teacher with a staff record. */
export async function taughtSection(db: Db, instituteId: string, teacherUserId: string) {
  const [year] = await db
    .insert(academicYears)
    .values({ instituteId, name: '2026-27', startsOn: '2026-06-01', endsOn: '2027-04-30', isCurrent: true })
    .returning();
  const [klass] = await db.insert(classes).values({ instituteId, name: 'VII', sortOrder: 10 }).returning();
  const [teacher] = await db
    .insert(staff)
    .values({
      instituteId,
      employeeCode: 'T-1',
      firstName: 'Meera',
      joiningDate: '2020-06-01',
      userId: teacherUserId,
    })
    .returning();
  if (!year || !klass || !teacher) throw new Error('section not made');
  const [section] = await db
    .insert(sections)
    .values({
      instituteId,
      classId: klass.id,
      academicYearId: year.id,
      name: 'A',
      classTeacherId: teacher.id,
    })
    .returning();
  if (!section) throw new Error('section not made');
  return section;
}

/** An institute with an admin, a teacher leading VII-A, a parent and a student, all signed in. */
export async function school(t: TestApp) {
  const institute = await makeInstitute(t.database.db);
  const [admin, teacher, parent, student] = [
    await member(t, institute, 'admin'),
    await member(t, institute, 'teacher'),
    await member(t, institute, 'parent'),
    await member(t, institute, 'student'),
  ];
  const section = await taughtSection(t.database.db, institute.id, teacher.user.id);
  return { institute, admin, teacher, parent, student, section };
}
