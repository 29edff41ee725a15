import type { Role } from '@schooliko/common/auth';
import type { FastifyInstance } from 'fastify';
import { academicYears, classes, sections } from '../modules/classes/classes.table';
import { guardians, studentGuardians } from '../modules/guardians/guardians.table';
import { staff } from '../modules/staff/staff.table';
import { syncEnrolments } from '../modules/students/enrolments.service';
import { students } from '../modules/students/students.table';
import { as, makeInstitute, makeUser, tokenFor } from './factories';

type Member = { id: string; token: string; headers: Record<string, string> };

/**
 * A small school for people-records tests: an admin, a teacher who leads VII-A, a parent whose
 * child is in VII-A, that child as a signed-in student, and pupils in VII-B and VIII-A.
 */
export async function makeSchool(app: FastifyInstance, name = 'Test') {
  const db = app.database.db;
  const institute = await makeInstitute(db);
  const member = async (role: Role): Promise<Member> => {
    const user = await makeUser(db, { institute, roles: [role], firstName: `${name} ${role}` });
    const token = await tokenFor(app, user, institute, role);
    return { id: user.id, token, headers: as(institute, token) };
  };
  const [admin, teacher, parent, student] = [
    await member('admin'),
    await member('teacher'),
    await member('parent'),
    await member('student'),
  ];
  const i = institute.id;
  const [year] = await db
    .insert(academicYears)
    .values({
      instituteId: i,
      name: '2026-27',
      startsOn: '2026-04-01',
      endsOn: '2027-03-31',
      isCurrent: true,
    })
    .returning();
  const [seven, eight] = await db
    .insert(classes)
    .values([
      { instituteId: i, name: 'VII', sortOrder: 10 },
      { instituteId: i, name: 'VIII', sortOrder: 11 },
    ])
    .returning();
  const [teacherStaff] = await db
    .insert(staff)
    .values({
      instituteId: i,
      employeeCode: 'T-001',
      firstName: 'Meera',
      lastName: 'Joshi',
      joiningDate: '2020-06-01',
      userId: teacher.id,
    })
    .returning();
  if (!year || !seven || !eight || !teacherStaff) throw new Error('school not made');
  const section = (classId: string, label: string, capacity = 40, classTeacherId: string | null = null) => ({
    instituteId: i,
    classId,
    academicYearId: year.id,
    name: label,
    capacity,
    classTeacherId,
  });
  const [sevenA, sevenB, eightA] = await db
    .insert(sections)
    .values([section(seven.id, 'A', 40, teacherStaff.id), section(seven.id, 'B', 2), section(eight.id, 'A')])
    .returning();
  if (!sevenA || !sevenB || !eightA) throw new Error('sections not made');
  const pupil = (
    admissionNo: string,
    firstName: string,
    lastName: string,
    sectionId: string,
    userId: string | null = null,
  ) => ({
    instituteId: i,
    admissionNo,
    firstName,
    lastName,
    dateOfBirth: '2014-05-20',
    gender: 'female' as const,
    sectionId,
    userId,
  });
  const [child, other, older] = await db
    .insert(students)
    .values([
      pupil('2026/001', 'Ananya', 'Deshpande', sevenA.id, student.id),
      pupil('2026/002', 'Kabir', 'Shaikh', sevenB.id),
      pupil('2026/003', 'Riya', 'Iyer', eightA.id),
    ])
    .returning();
  if (!child || !other || !older) throw new Error('students not made');
  await syncEnrolments(db, i, [child.id, other.id, older.id]);
  const [guardian] = await db
    .insert(guardians)
    .values({ instituteId: i, name: 'Sunita Deshpande', phone: '9822012345', userId: parent.id })
    .returning();
  if (!guardian) throw new Error('guardian not made');
  await db
    .insert(studentGuardians)
    .values({ instituteId: i, studentId: child.id, guardianId: guardian.id, relation: 'mother' });
  return {
    institute,
    admin,
    teacher,
    parent,
    student,
    year,
    classes: { seven, eight },
    sections: { sevenA, sevenB, eightA },
    students: { child, other, older },
    guardian,
    teacherStaff,
  };
}
