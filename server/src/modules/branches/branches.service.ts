import type { BranchList } from '@schooliko/common/people/branches';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { institutes } from '../../platform/institutes';
import { academicYears, sections } from '../classes';
import { groups } from '../groups';
import { guardians } from '../guardians';
import { staff } from '../staff';
import { students } from '../students';

const count = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Per institute: one aggregate row of the table, keyed by institute. */
async function countsBy<T extends Record<string, unknown>>(
  rows: Promise<(T & { instituteId: string })[]>,
): Promise<Map<string, T>> {
  return new Map((await rows).map((r) => [r.instituteId, r]));
}

/**
 * The institutes of the caller's group side by side (or just their own, outside a group). These
 * are counts, not records, read across the group's institutes on purpose: that is the one read
 * here that is not scoped to one institute, and it names no person.
 */
export async function listBranches(db: Db, actor: Actor): Promise<BranchList> {
  const groupId = actor.institute.groupId;
  const [group] = groupId
    ? await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, groupId))
    : [];
  const members = await db
    .select({
      id: institutes.id,
      name: institutes.name,
      code: institutes.code,
      domain: institutes.domain,
      logoUrl: institutes.logoUrl,
    })
    .from(institutes)
    .where(group ? eq(institutes.groupId, group.id) : eq(institutes.id, actor.institute.id))
    .orderBy(asc(institutes.name))
    .limit(200);
  const ids = members.map((m) => m.id);
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
        .where(inArray(students.instituteId, ids))
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
        .where(inArray(staff.instituteId, ids))
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
        .where(inArray(sections.instituteId, ids))
        .groupBy(sections.instituteId),
    ),
    countsBy(
      db
        .select({ instituteId: guardians.instituteId, guardians: count(sql`true`) })
        .from(guardians)
        .where(inArray(guardians.instituteId, ids))
        .groupBy(guardians.instituteId),
    ),
    countsBy(
      db
        .select({ instituteId: academicYears.instituteId, name: academicYears.name })
        .from(academicYears)
        .where(and(inArray(academicYears.instituteId, ids), eq(academicYears.isCurrent, true))),
    ),
  ]);
  return {
    group: group ?? null,
    items: members.map((m) => ({
      id: m.id,
      name: m.name,
      code: m.code,
      domain: m.domain,
      logo_url: m.logoUrl,
      is_current: m.id === actor.institute.id,
      students: pupils.get(m.id)?.students ?? 0,
      girls: pupils.get(m.id)?.girls ?? 0,
      boys: pupils.get(m.id)?.boys ?? 0,
      rte: pupils.get(m.id)?.rte ?? 0,
      staff: people.get(m.id)?.staff ?? 0,
      teachers: people.get(m.id)?.teachers ?? 0,
      sections: classes.get(m.id)?.sections ?? 0,
      classes: classes.get(m.id)?.classes ?? 0,
      seats: classes.get(m.id)?.seats ?? 0,
      guardians: parents.get(m.id)?.guardians ?? 0,
      session: sessions.get(m.id)?.name ?? null,
    })),
  };
}
