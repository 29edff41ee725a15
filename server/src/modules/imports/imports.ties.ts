import type { Relation, UpdateGuardian } from '@schooliko/common/people/guardians';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { recordCreated } from '../../platform/audit/audit.service';
import { columnsOf, groupFamily, guardians, studentGuardians } from '../guardians';

/** Guardians on record by mobile number: one person is one record, however many rows name them. */
export type GuardiansByPhone = Map<string, string>;

export async function guardiansByPhone(tx: Db, actor: Actor): Promise<GuardiansByPhone> {
  const rows = await tx
    .select({ id: guardians.id, phone: guardians.phone })
    .from(guardians)
    .where(eq(guardians.instituteId, actor.institute.id))
    .orderBy(guardians.createdAt);
  const byPhone: GuardiansByPhone = new Map();
  for (const g of rows) if (g.phone && !byPhone.has(g.phone)) byPhone.set(g.phone, g.id);
  return byPhone;
}

/**
 * The guardian of each person named (in order): the one on record with that mobile number, or a
 * new record (audited), added once however often the batch names them. A person without a number
 * is always a new record.
 */
export async function guardianIds(
  tx: Db,
  actor: Actor,
  people: readonly (UpdateGuardian & { name: string; phone: string })[],
  byPhone: GuardiansByPhone,
): Promise<{ ids: string[]; fresh: Set<string> }> {
  const toMake: number[] = [];
  const firstOf = new Map<string, number>();
  people.forEach((p, n) => {
    if (p.phone && (byPhone.has(p.phone) || firstOf.has(p.phone))) return;
    if (p.phone) firstOf.set(p.phone, n);
    toMake.push(n);
  });
  const made = toMake.length
    ? await tx
        .insert(guardians)
        .values(
          toMake.map((n) => {
            const p = people[n] as (typeof people)[number];
            return { ...columnsOf(p), instituteId: actor.institute.id, name: p.name, phone: p.phone };
          }),
        )
        .returning()
    : [];
  await recordCreated(
    tx,
    actor,
    'guardian',
    made.map((row) => ({ id: row.id, after: { name: row.name, phone: row.phone } })),
  );
  const madeFor = new Map(toMake.map((n, k) => [n, made[k]?.id as string]));
  for (const g of made) if (g.phone) byPhone.set(g.phone, g.id);
  const ids = people.map((p, n) => madeFor.get(n) ?? (byPhone.get(p.phone) as string));
  return { ids, fresh: new Set(made.map((g) => g.id)) };
}

export type Tie = {
  studentId: string;
  guardianId: string;
  relation: Relation;
  authorisedPickup: boolean;
  isPrimary: boolean;
};

/**
 * Ties guardians to students, each pair once, leaving the ties on record as they are, then groups
 * siblings who now share a guardian into one family. A tie to a student on record is audited as a
 * link; `freshStudents`: the students were made in this batch (their import is their audit row),
 * so a new guardian with one child has no family to join either.
 */
export async function tieGuardians(
  tx: Db,
  actor: Actor,
  ties: readonly Tie[],
  fresh: ReadonlySet<string>,
  freshStudents = false,
): Promise<void> {
  if (!ties.length) return;
  const i = actor.institute.id;
  const known = [...new Set(ties.map((w) => w.guardianId))].filter((id) => !fresh.has(id));
  const existing = known.length
    ? await tx
        .select({ studentId: studentGuardians.studentId, guardianId: studentGuardians.guardianId })
        .from(studentGuardians)
        .where(and(eq(studentGuardians.instituteId, i), inArray(studentGuardians.guardianId, known)))
    : [];
  const pairs = new Set(existing.map((e) => `${e.studentId}:${e.guardianId}`));
  const links = ties.filter((w) => {
    const pair = `${w.studentId}:${w.guardianId}`;
    if (pairs.has(pair)) return false;
    pairs.add(pair);
    return true;
  });
  if (!links.length) return;
  const made = await tx
    .insert(studentGuardians)
    .values(links.map((l) => ({ ...l, instituteId: i })))
    .returning();
  if (!freshStudents)
    await recordCreated(
      tx,
      actor,
      'student_guardian',
      made.map((l) => ({
        id: l.id,
        after: {
          student_id: l.studentId,
          guardian_id: l.guardianId,
          relation: l.relation,
          authorised_pickup: l.authorisedPickup,
          is_primary: l.isPrimary,
        },
      })),
      'link',
    );
  const children = new Map<string, number>();
  for (const l of made) children.set(l.guardianId, (children.get(l.guardianId) ?? 0) + 1);
  const toGroup = [...children]
    .filter(([id, n]) => n > 1 || !fresh.has(id) || !freshStudents)
    .map(([id]) => id);
  if (!toGroup.length) return;
  const rows = await tx
    .select()
    .from(guardians)
    .where(and(eq(guardians.instituteId, i), inArray(guardians.id, toGroup)));
  for (const guardian of rows) await groupFamily(tx, actor, guardian);
}
