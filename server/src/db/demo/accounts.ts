import { and, asc, eq, isNull } from 'drizzle-orm';
import { guardians, studentGuardians } from '../../modules/guardians/guardians.table';
import type { SchoolPlan } from '../../modules/students/students.seed';
import { students } from '../../modules/students/students.table';
import { users } from '../../platform/auth/auth.table';
import type { Db } from '../client';

/**
 * The staff records of the demo staff accounts, named for them before the staff are stored: the
 * fifth teacher is the demo teacher, the second non-teaching post (Accountant) the demo accountant.
 */
export function nameAccountStaff(rows: Record<string, unknown>[], plan: SchoolPlan) {
  const teacher = rows[4];
  if (plan.accounts?.teacher && teacher)
    Object.assign(teacher, {
      firstName: 'Priya',
      lastName: 'Deshpande',
      gender: 'female',
      department: 'Mathematics',
      subjects: 'Mathematics',
      designation: 'TGT',
      email: 'teacher@schooliko.dev',
    });
  const office = rows[plan.teachingStaff + 1];
  if (plan.accounts?.accountant && office)
    Object.assign(office, {
      firstName: 'Rahul',
      lastName: 'Joshi',
      gender: 'male',
      designation: 'Accountant',
      department: 'Accounts',
      email: 'accounts@schooliko.dev',
    });
}

/**
 * The demo accounts live in the school: the student account is a pupil of the demo teacher's
 * section, the parent account that pupil's mother, and the teacher (also a parent) the mother of
 * a pupil in another class.
 */
export async function linkAccounts(
  db: Db,
  i: string,
  plan: SchoolPlan,
  currentSections: { id: string; classTeacherId: string | null }[],
  studentIds: string[],
  teacherStaffId: string | undefined,
) {
  const { student, parent, teacher } = plan.accounts ?? {};
  const led = currentSections.find((s) => s.classTeacherId === teacherStaffId);
  const userName = async (id: string) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
  if (student && led) {
    // A pupil with no sibling in the school (the parent account has one child), chosen by order:
    // without ORDER BY the pick was whatever the planner's choice of index returned first.
    const [pupil] = await db
      .select()
      .from(students)
      .where(and(eq(students.instituteId, i), eq(students.sectionId, led.id), isNull(students.familyId)))
      .orderBy(asc(students.admissionNo))
      .limit(1);
    const person = await userName(student);
    if (pupil && person) {
      await db
        .update(students)
        .set({
          userId: student,
          firstName: person.firstName,
          middleName: '',
          lastName: person.lastName,
          gender: 'male',
        })
        .where(and(eq(students.instituteId, i), eq(students.id, pupil.id)));
      const [mother] = await db
        .select({ id: guardians.id })
        .from(studentGuardians)
        .innerJoin(
          guardians,
          and(
            eq(guardians.instituteId, studentGuardians.instituteId),
            eq(guardians.id, studentGuardians.guardianId),
          ),
        )
        .where(
          and(
            eq(studentGuardians.instituteId, i),
            eq(studentGuardians.studentId, pupil.id),
            eq(studentGuardians.relation, 'mother'),
          ),
        )
        .limit(1);
      const mum = parent ? await userName(parent) : undefined;
      if (mother && mum)
        await db
          .update(guardians)
          .set({
            userId: mum.id,
            name: `${mum.firstName} ${mum.lastName}`,
            phone: mum.mobile,
            email: mum.email,
          })
          .where(and(eq(guardians.instituteId, i), eq(guardians.id, mother.id)));
    }
  }
  const teacherPerson = teacher ? await userName(teacher) : undefined;
  const ownChild = studentIds[Math.floor(studentIds.length / 4)];
  if (teacherPerson && ownChild) {
    await db
      .update(students)
      .set({ lastName: teacherPerson.lastName })
      .where(and(eq(students.instituteId, i), eq(students.id, ownChild)));
    const [mother] = await db
      .select({ id: studentGuardians.guardianId })
      .from(studentGuardians)
      .where(
        and(
          eq(studentGuardians.instituteId, i),
          eq(studentGuardians.studentId, ownChild),
          eq(studentGuardians.relation, 'mother'),
        ),
      )
      .limit(1);
    if (mother)
      await db
        .update(guardians)
        .set({
          userId: teacherPerson.id,
          name: `${teacherPerson.firstName} ${teacherPerson.lastName}`,
          phone: teacherPerson.mobile,
          email: teacherPerson.email,
        })
        .where(and(eq(guardians.instituteId, i), eq(guardians.id, mother.id)));
  }
}
