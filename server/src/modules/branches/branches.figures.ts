import type { Branch } from '@schooliko/common/people/branches';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { academicYears, sections } from '../classes';
import { guardians, studentGuardians } from '../guardians';
import { staff } from '../staff';
import { students } from '../students';

/**
 * An institute in figures, as School lists shows them (`Branch`, common): its records, never its
 * sign-in accounts. Pupils on the rolls (enrolled, promoted or detained), with girls, boys and RTE
 * admissions; active staff and teachers; the current session's sections, classes and seats;
 * guardians of at least one pupil on the rolls; the current session's name.
 */
export type SchoolFigures = Omit<Branch, 'id' | 'name' | 'code' | 'domain' | 'logo_url' | 'is_current'>;

/** An institute with nothing set up yet. */
export const NO_FIGURES: SchoolFigures = {
  students: 0,
  girls: 0,
  boys: 0,
  rte: 0,
  staff: 0,
  teachers: 0,
  sections: 0,
  classes: 0,
  seats: 0,
  guardians: 0,
  session: null,
};

const count = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Per institute: one aggregate row of the table (without its key), keyed by institute. */
async function countsBy<T extends Record<string, unknown>>(
  rows: Promise<(T & { instituteId: string })[]>,
): Promise<Map<string, Omit<T, 'instituteId'>>> {
  return new Map((await rows).map(({ instituteId, ...figures }) => [instituteId, figures]));
}

/**
 * The figures of each institute of `ids` (every one answered, zeros where nothing is set up): the
 * admin dashboard's tiles and School lists read the same numbers. Counts only, naming no person.
 */
export async function schoolFigures(db: Db, ids: readonly string[]): Promise<Map<string, SchoolFigures>> {
  if (!ids.length) return new Map();
  const list = [...ids];
  const onRolls = sql`${students.status} in ('enrolled','promoted','detained')`;
  const [pupils, people, classes, parents, sessions] = await Promise.all([
    countsBy(
      db
        .select({
          instituteId: students.instituteId,
          students: count(onRolls),
          girls: count(sql`${onRolls} and ${students.gender} = 'female'`),
          boys: count(sql`${onRolls} and ${students.gender} = 'male'`),
          rte: count(sql`${onRolls} and ${students.rte}`),
        })
        .from(students)
        .where(inArray(students.instituteId, list))
        .groupBy(students.instituteId),
    ),
    countsBy(
      db
        .select({
          instituteId: staff.instituteId,
          staff: count(sql`${staff.status} = 'active'`),
          teachers: count(sql`${staff.status} = 'active' and ${staff.kind} = 'teaching'`),
        })
        .from(staff)
        .where(inArray(staff.instituteId, list))
        .groupBy(staff.instituteId),
    ),
    countsBy(
      db
        .select({
          instituteId: sections.instituteId,
          sections: count(sql`${academicYears.isCurrent}`),
          classes:
            sql<number>`count(distinct ${sections.classId}) filter (where ${academicYears.isCurrent})`.mapWith(
              Number,
            ),
          seats:
            sql<number>`coalesce(sum(${sections.capacity}) filter (where ${academicYears.isCurrent}), 0)`.mapWith(
              Number,
            ),
        })
        .from(sections)
        .innerJoin(
          academicYears,
          sql`${academicYears.instituteId} = ${sections.instituteId} and ${academicYears.id} = ${sections.academicYearId}`,
        )
        .where(inArray(sections.instituteId, list))
        .groupBy(sections.instituteId),
    ),
    countsBy(
      db
        .select({
          instituteId: guardians.instituteId,
          guardians: sql<number>`count(distinct ${guardians.id})`.mapWith(Number),
        })
        .from(guardians)
        .innerJoin(
          studentGuardians,
          and(
            eq(studentGuardians.instituteId, guardians.instituteId),
            eq(studentGuardians.guardianId, guardians.id),
          ),
        )
        .innerJoin(
          students,
          and(
            eq(students.instituteId, studentGuardians.instituteId),
            eq(students.id, studentGuardians.studentId),
          ),
        )
        .where(and(inArray(guardians.instituteId, list), onRolls))
        .groupBy(guardians.instituteId),
    ),
    countsBy(
      db
        .select({ instituteId: academicYears.instituteId, name: academicYears.name })
        .from(academicYears)
        .where(and(inArray(academicYears.instituteId, list), eq(academicYears.isCurrent, true))),
    ),
  ]);
  return new Map(
    list.map((id) => [
      id,
      {
        ...NO_FIGURES,
        ...pupils.get(id),
        ...people.get(id),
        ...classes.get(id),
        guardians: parents.get(id)?.guardians ?? 0,
        session: sessions.get(id)?.name ?? null,
      },
    ]),
  );
}
