import { CLASS_NAMES } from '@schooliko/common/people/classes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { linkAccounts, nameAccountStaff } from '../../db/demo/accounts';
import {
  ageFor,
  type Family,
  HOUSES,
  insertAll,
  NON_TEACHING,
  phone,
  random,
  SECTION_LETTERS,
  SUBJECTS,
} from '../../db/demo/generator';
import { BOYS, BUILDINGS, FAMILIES, GIRLS, LOCALITIES, MEN, OCCUPATIONS, WOMEN } from '../../db/demo/names';
import type { ModuleSeed } from '../../kit/module';
import { academicYears, classes, sections, sectionTeachers } from '../classes';
import { guardians, studentGuardians } from '../guardians';
import { staff } from '../staff';
import { enrolments } from './enrolments.table';
import { families, students } from './students.table';

export type SchoolPlan = {
  instituteId: string;
  seed: number;
  /** Classes taught, from CLASS_NAMES. */
  classNames: readonly string[];
  sectionsPer: (className: string) => number;
  studentsPerSection: [number, number];
  teachingStaff: number;
  nonTeachingStaff: number;
  /** Demo accounts tied to records: see seedDemoSchool. */
  accounts?: { teacher?: string; student?: string; parent?: string; accountant?: string };
};

/**
 * A realistic school for the demo: two sessions (the past one and the current one), classes with
 * their sections, class teachers and subject teachers, staff, students with the UDISE+ fields,
 * and their parents (siblings share a family). Does nothing if the institute already has classes.
 */
export async function seedSchool(db: Db, plan: SchoolPlan): Promise<void> {
  const i = plan.instituteId;
  const [existing] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(eq(classes.instituteId, i))
    .limit(1);
  if (existing) return;
  const r = random(plan.seed);

  const [past, current] = await db
    .insert(academicYears)
    .values([
      { instituteId: i, name: '2025-26', startsOn: '2025-04-01', endsOn: '2026-03-31', isCurrent: false },
      { instituteId: i, name: '2026-27', startsOn: '2026-04-01', endsOn: '2027-03-31', isCurrent: true },
    ])
    .returning();
  if (!past || !current) throw new Error('academic years not seeded');
  const classRows = await db
    .insert(classes)
    .values(
      plan.classNames.map((name) => ({
        instituteId: i,
        name,
        sortOrder: CLASS_NAMES.indexOf(name as never),
      })),
    )
    .returning();

  // Staff: teachers first (they lead sections), then the office.
  const staffRows = [];
  for (let n = 0; n < plan.teachingStaff + plan.nonTeachingStaff; n++) {
    const teaching = n < plan.teachingStaff;
    const female = r.chance(teaching ? 0.7 : 0.4);
    const [surname] = r.pick(FAMILIES);
    const [designation, department] = teaching
      ? [
          n < 4 ? 'Head of Department' : r.pick(['Primary Teacher', 'TGT', 'PGT', 'Assistant Teacher']),
          r.pick(SUBJECTS),
        ]
      : (NON_TEACHING[(n - plan.teachingStaff) % NON_TEACHING.length] as [string, string]);
    const joined = `${r.int(2005, 2025)}-${String(r.int(4, 7)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
    staffRows.push({
      instituteId: i,
      employeeCode: `${teaching ? 'T' : 'N'}-${String(n + 1).padStart(3, '0')}`,
      kind: teaching ? ('teaching' as const) : ('non_teaching' as const),
      firstName: female ? r.pick(WOMEN) : r.pick(MEN),
      lastName: surname,
      gender: female ? 'female' : 'male',
      dateOfBirth: `${r.int(1968, 1998)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      phone: phone(r),
      email: '',
      designation,
      department,
      joiningDate: joined,
      qualification: teaching
        ? r.pick(['B.Ed., M.A.', 'B.Ed., M.Sc.', 'B.Ed., B.Sc.', 'D.El.Ed., B.A.', 'M.Ed., M.Sc.'])
        : r.pick(['B.Com.', 'B.A.', 'H.S.C.', 'Diploma', 'S.S.C.']),
      experienceYears: Math.max(0, 2026 - Number(joined.slice(0, 4)) + r.int(0, 5)),
      subjects: teaching ? department : '',
      policeVerificationOn: r.chance(0.9)
        ? `202${r.int(3, 6)}-${String(r.int(1, 12)).padStart(2, '0')}-15`
        : null,
      psychometricEvaluationOn: teaching && r.chance(0.6) ? `202${r.int(4, 6)}-0${r.int(1, 9)}-10` : null,
      address: `${r.pick(BUILDINGS)}, ${r.pick(LOCALITIES)[0]}, Pune`,
    });
  }
  const teacherAccount = plan.accounts?.teacher;
  const accountantAccount = plan.accounts?.accountant;
  nameAccountStaff(staffRows, plan);
  const inserted = await db
    .insert(staff)
    .values(staffRows)
    .returning({ id: staff.id, code: staff.employeeCode, subject: staff.subjects });
  const staffIds = inserted.filter((s) => s.code.startsWith('T-'));
  const tie = async (userId: string | undefined, staffId: string | undefined) => {
    if (userId && staffId)
      await db
        .update(staff)
        .set({ userId })
        .where(and(eq(staff.instituteId, i), eq(staff.id, staffId)));
  };
  await tie(teacherAccount, staffIds[4]?.id);
  await tie(accountantAccount, inserted[plan.teachingStaff + 1]?.id);

  // Sections of both sessions; each current section has a class teacher and three subject teachers.
  const sectionRows = [];
  let lead = 0;
  // The demo teacher's sections are chosen below, not by chance.
  const pool = teacherAccount ? staffIds.filter((_, n) => n !== 4) : staffIds;
  for (const year of [past, current])
    for (const c of classRows)
      for (let s = 0; s < plan.sectionsPer(c.name); s++)
        sectionRows.push({
          instituteId: i,
          classId: c.id,
          academicYearId: year.id,
          name: SECTION_LETTERS[s] as string,
          classTeacherId: year === current ? (pool[lead++ % pool.length]?.id ?? null) : null,
          capacity: 40,
          room: `${c.sortOrder < 3 ? 'G' : c.sortOrder < 9 ? '1' : '2'}${String(c.sortOrder * 3 + s + 1).padStart(2, '0')}`,
        });
  const allSections = await db.insert(sections).values(sectionRows).returning();
  const currentSections = allSections.filter((s) => s.academicYearId === current.id);
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  const teaching = [];
  for (const section of currentSections)
    for (let k = 0; k < 3; k++) {
      const teacher = pool[r.int(0, pool.length - 1)];
      if (teacher && teacher.id !== section.classTeacherId)
        teaching.push({
          instituteId: i,
          sectionId: section.id,
          staffId: teacher.id,
          subject: teacher.subject,
        });
    }
  // The demo teacher leads one section (class VII-B when taught) and teaches in two more.
  const demoTeacher = teacherAccount ? staffIds[4] : undefined;
  if (demoTeacher) {
    const seventh = currentSections.filter((s) => className.get(s.classId) === 'VII');
    const led = seventh[1] ?? currentSections[0];
    if (led) {
      await db
        .update(sections)
        .set({ classTeacherId: demoTeacher.id })
        .where(and(eq(sections.instituteId, i), eq(sections.id, led.id)));
      led.classTeacherId = demoTeacher.id;
    }
    for (const s of currentSections
      .filter((x) => ['VII', 'VIII'].includes(className.get(x.classId) ?? '') && x.id !== led?.id)
      .slice(0, 2))
      teaching.push({ instituteId: i, sectionId: s.id, staffId: demoTeacher.id, subject: 'Mathematics' });
  }
  const uniqueTeaching = [
    ...new Map(teaching.map((t) => [`${t.sectionId}:${t.staffId}:${t.subject}`, t])).values(),
  ];
  await insertAll(db, sectionTeachers, uniqueTeaching);

  // Students, their parents and families.
  const studentRows = [];
  const guardianRows = [];
  const links: { student: number; guardian: number; relation: 'father' | 'mother'; primary: boolean }[] = [];
  const familyRows: { instituteId: string; name: string }[] = [];
  const familyOf: (number | null)[] = [];
  let admission = 0;
  // The family of the pupil seeded last (held in an object: a loop-carried `let` defeats inference).
  const previous: { family: Family | null } = { family: null };
  for (const section of currentSections) {
    const cls = className.get(section.classId) as string;
    const count = r.int(...plan.studentsPerSection);
    for (let n = 0; n < count; n++) {
      const female = r.chance(0.48);
      // About one pupil in seven is the sibling of the pupil seeded just before (same parents).
      const sibling: Family | null = previous.family && r.chance(0.14) ? previous.family : null;
      const [surname, religion, tongue]: readonly [string, string, string] = sibling
        ? [sibling.surname, sibling.religion, sibling.tongue]
        : r.pick(FAMILIES);
      const locality = sibling?.locality ?? r.pick(LOCALITIES);
      const building = sibling?.building ?? r.pick(BUILDINGS);
      let father: number;
      let mother: number;
      let family: number | null = null;
      if (sibling) {
        father = sibling.father;
        mother = sibling.mother;
        family = sibling.family ?? familyRows.push({ instituteId: i, name: `${surname} family` }) - 1;
        sibling.family = family;
        const first = studentRows.length - 1;
        if (familyOf[first] === null || familyOf[first] === undefined) familyOf[first] = family;
      } else {
        const address = `Flat ${r.int(1, 40)}, ${building}, ${locality[0]}`;
        const fatherName = `${r.pick(MEN)} ${surname}`;
        father =
          guardianRows.push({
            instituteId: i,
            name: fatherName,
            phone: phone(r),
            email: '',
            occupation: r.pick(OCCUPATIONS),
            annualIncome: r.int(3, 40) * 100_000_00,
            education: r.pick(['graduate', 'postgraduate', 'higher_secondary', 'secondary']),
            address,
          }) - 1;
        mother =
          guardianRows.push({
            instituteId: i,
            name: `${r.pick(WOMEN)} ${surname}`,
            phone: phone(r),
            email: '',
            occupation: r.pick(OCCUPATIONS),
            annualIncome: null,
            education: r.pick(['graduate', 'postgraduate', 'higher_secondary']),
            address,
          }) - 1;
      }
      const age = ageFor(cls);
      admission++;
      const joinedYear: number = 2026 - r.int(0, Math.min(age - 3, 10));
      const idx =
        studentRows.push({
          instituteId: i,
          admissionNo: `${joinedYear}/${String(admission).padStart(4, '0')}`,
          rollNo: '',
          firstName: female ? r.pick(GIRLS) : r.pick(BOYS),
          middleName: (guardianRows[father]?.name.split(' ')[0] as string) ?? '',
          lastName: surname,
          dateOfBirth: `${2026 - age - (r.chance(0.3) ? 1 : 0)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
          gender: female ? ('female' as const) : ('male' as const),
          bloodGroup: r.pick(['A+', 'B+', 'O+', 'AB+', 'A-', 'B-', 'O-', 'O+', 'B+']),
          socialCategory: r.pick([
            'general',
            'general',
            'general',
            'general',
            'general',
            'obc',
            'obc',
            'obc',
            'sc',
            'st',
          ]),
          religion,
          motherTongue: tongue,
          nationality: 'Indian',
          apaarId: r.chance(0.7) ? r.digits(12) : '',
          pen: r.chance(0.85) ? `2${r.digits(10)}` : '',
          aadhaarLast4: r.chance(0.9) ? r.digits(4) : '',
          bpl: r.chance(0.05),
          rte: r.chance(0.08),
          cwsn: r.chance(0.02),
          address: guardianRows[father]?.address ?? '',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: locality[1],
          medium: 'english',
          stream:
            cls === 'XI' || cls === 'XII'
              ? (['science', 'commerce', 'humanities'][SECTION_LETTERS.indexOf(section.name) % 3] as string)
              : null,
          house: r.pick(HOUSES),
          status: 'enrolled' as const,
          sectionId: section.id,
          admittedOn: `${joinedYear}-06-${String(r.int(1, 20)).padStart(2, '0')}`,
        }) - 1;
      familyOf[idx] = family;
      links.push({ student: idx, guardian: father, relation: 'father', primary: true });
      links.push({ student: idx, guardian: mother, relation: 'mother', primary: false });
      previous.family = { surname, religion, tongue, father, mother, family, locality, building };
    }
  }
  // Roll numbers by name within each section, as registers are kept.
  const bySection = new Map<string, typeof studentRows>();
  for (const s of studentRows) bySection.set(s.sectionId, [...(bySection.get(s.sectionId) ?? []), s]);
  for (const list of bySection.values())
    list
      .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`))
      .forEach((s, n) => {
        s.rollNo = String(n + 1);
      });

  const familyIds = familyRows.length
    ? (await db.insert(families).values(familyRows).returning({ id: families.id })).map((f) => f.id)
    : [];
  const guardianIds: string[] = [];
  for (let k = 0; k < guardianRows.length; k += 500)
    guardianIds.push(
      ...(
        await db
          .insert(guardians)
          .values(guardianRows.slice(k, k + 500))
          .returning({ id: guardians.id })
      ).map((g) => g.id),
    );
  const studentIds: string[] = [];
  for (let k = 0; k < studentRows.length; k += 500)
    studentIds.push(
      ...(
        await db
          .insert(students)
          .values(
            studentRows.slice(k, k + 500).map((s, n) => ({
              ...s,
              familyId: familyOf[k + n] == null ? null : (familyIds[familyOf[k + n] as number] ?? null),
            })),
          )
          .returning({ id: students.id })
      ).map((s) => s.id),
    );
  // Each pupil is enrolled in this session's section: one statement, whatever the school's size.
  await db.execute(sql`
    insert into ${enrolments} (institute_id, student_id, academic_year_id, section_id, roll_no)
    select s.institute_id, s.id, sec.academic_year_id, s.section_id, s.roll_no
    from ${students} s join ${sections} sec on sec.institute_id = s.institute_id and sec.id = s.section_id
    where s.institute_id = ${i}
    on conflict do nothing`);
  const linkRows = links.map((l) => ({
    instituteId: i,
    studentId: studentIds[l.student] as string,
    guardianId: guardianIds[l.guardian] as string,
    relation: l.relation,
    isPrimary: l.primary,
    authorisedPickup: true,
  }));
  await insertAll(db, studentGuardians, [
    ...new Map(linkRows.map((l) => [`${l.studentId}:${l.guardianId}`, l])).values(),
  ]);
  for (let f = 0; f < familyIds.length; f++) {
    const members = studentIds.filter((_, n) => familyOf[n] === f);
    const guardianOf = new Set(
      links.filter((l) => familyOf[l.student] === f).map((l) => guardianIds[l.guardian] as string),
    );
    if (members.length && guardianOf.size)
      await db
        .update(guardians)
        .set({ familyId: familyIds[f] })
        .where(and(eq(guardians.instituteId, i), inArray(guardians.id, [...guardianOf])));
  }
  await linkAccounts(db, i, plan, currentSections, studentIds, demoTeacher?.id);
}

/** The development institute: Nursery to XII, about 1,200 pupils, 60 staff; Green Valley: a smaller school. */
export const seedDemoSchools: ModuleSeed = async (db, demo) => {
  if (demo.devInstituteId)
    await seedSchool(db, {
      instituteId: demo.devInstituteId,
      seed: 2026,
      classNames: CLASS_NAMES,
      sectionsPer: (c) =>
        CLASS_NAMES.indexOf(c as (typeof CLASS_NAMES)[number]) >= CLASS_NAMES.indexOf('VI') ? 3 : 2,
      studentsPerSection: [28, 36],
      teachingStaff: 45,
      nonTeachingStaff: 15,
      accounts: {
        teacher: demo.emails.get('teacher@schooliko.dev'),
        student: demo.emails.get('student@schooliko.dev'),
        parent: demo.emails.get('parent@schooliko.dev'),
        accountant: demo.emails.get('accounts@schooliko.dev'),
      },
    });
  if (demo.greenValleyId)
    await seedSchool(db, {
      instituteId: demo.greenValleyId,
      seed: 7,
      classNames: ['I', 'II', 'III', 'IV', 'V'],
      sectionsPer: () => 1,
      studentsPerSection: [22, 30],
      teachingStaff: 8,
      nonTeachingStaff: 4,
    });
};
