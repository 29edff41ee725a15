import {
  GUARDIAN_MESSAGES,
  type LinkGuardian,
  type Sibling,
  type updateGuardianLinkSchema,
} from '@schooliko/common/people/guardians';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { families, findStudent, students, visibleStudents } from '../students';
import { type GuardianRow, guardians, studentGuardians } from './guardians.table';

type LinkRow = typeof studentGuardians.$inferSelect;

/** What the audit log keeps of a tie. */
const linkFields = (l: LinkRow) => ({
  student_id: l.studentId,
  guardian_id: l.guardianId,
  relation: l.relation,
  authorised_pickup: l.authorisedPickup,
  is_primary: l.isPrimary,
});

async function guardianRow(tx: Db, actor: Actor, id: string): Promise<GuardianRow> {
  const [row] = await tx
    .select()
    .from(guardians)
    .where(and(eq(guardians.instituteId, actor.institute.id), eq(guardians.id, id)))
    .limit(1);
  if (!row) throw httpError(404, GUARDIAN_MESSAGES.notFound);
  return row;
}

async function linkRow(
  tx: Db,
  actor: Actor,
  studentId: string,
  guardianId: string,
): Promise<LinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.instituteId, actor.institute.id),
        eq(studentGuardians.studentId, studentId),
        eq(studentGuardians.guardianId, guardianId),
      ),
    )
    .limit(1);
  return row;
}

/** A student has one primary guardian: making one primary makes the others not. */
async function clearPrimary(tx: Db, actor: Actor, studentId: string, except: string) {
  await tx
    .update(studentGuardians)
    .set({ isPrimary: false })
    .where(
      and(
        eq(studentGuardians.instituteId, actor.institute.id),
        eq(studentGuardians.studentId, studentId),
        ne(studentGuardians.guardianId, except),
        eq(studentGuardians.isPrimary, true),
      ),
    );
}

const surnameOf = (name: string) => name.trim().split(/\s+/).at(-1) || name.trim();

/**
 * Siblings are grouped by their guardians: once a guardian has two or more children, those
 * children and the guardian are one family (Gibbon's family), which the fees module reads for the
 * sibling concession. A new family is named after the guardian's surname; families that meet
 * through this guardian are merged into one (the emptied ones stay, as nothing is deleted).
 */
export async function groupFamily(tx: Db, actor: Actor, guardian: GuardianRow): Promise<void> {
  const kids = await tx
    .select({ id: students.id, familyId: students.familyId })
    .from(studentGuardians)
    .innerJoin(
      students,
      and(
        eq(students.instituteId, studentGuardians.instituteId),
        eq(students.id, studentGuardians.studentId),
      ),
    )
    .where(
      and(eq(studentGuardians.instituteId, actor.institute.id), eq(studentGuardians.guardianId, guardian.id)),
    );
  if (kids.length < 2) {
    const own = kids[0]?.familyId;
    if (own && !guardian.familyId)
      await tx
        .update(guardians)
        .set({ familyId: own })
        .where(and(eq(guardians.instituteId, actor.institute.id), eq(guardians.id, guardian.id)));
    return;
  }
  const found = [...new Set([guardian.familyId, ...kids.map((k) => k.familyId)].filter((f) => f !== null))];
  let target = found[0];
  if (!target) {
    const [family] = await tx
      .insert(families)
      .values({ instituteId: actor.institute.id, name: surnameOf(guardian.name) })
      .returning({ id: families.id });
    if (!family) throw new Error('family not stored');
    target = family.id;
  }
  const inFound = (column: typeof students.familyId | typeof guardians.familyId) =>
    found.length ? inArray(column, found) : undefined;
  await tx
    .update(students)
    .set({ familyId: target })
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        or(
          inArray(
            students.id,
            kids.map((k) => k.id),
          ),
          inFound(students.familyId),
        ),
      ),
    );
  await tx
    .update(guardians)
    .set({ familyId: target })
    .where(
      and(
        eq(guardians.instituteId, actor.institute.id),
        or(eq(guardians.id, guardian.id), inFound(guardians.familyId)),
      ),
    );
}

/** Ties an existing guardian to a student (409 when already tied), grouping siblings. */
export async function linkGuardian(
  tx: Db,
  actor: Actor,
  studentId: string,
  input: LinkGuardian,
): Promise<void> {
  await findStudent(tx, actor, studentId);
  const guardian = await guardianRow(tx, actor, input.guardian_id);
  if (await linkRow(tx, actor, studentId, guardian.id))
    throw httpError(409, GUARDIAN_MESSAGES.alreadyLinked, { guardian_id: GUARDIAN_MESSAGES.alreadyLinked });
  if (input.is_primary) await clearPrimary(tx, actor, studentId, guardian.id);
  const [link] = await tx
    .insert(studentGuardians)
    .values({
      instituteId: actor.institute.id,
      studentId,
      guardianId: guardian.id,
      relation: input.relation,
      authorisedPickup: input.authorised_pickup,
      isPrimary: input.is_primary,
    })
    .returning();
  if (!link) throw new Error('link not stored');
  await recordChange(tx, actor, {
    entity: 'student_guardian',
    entityId: link.id,
    action: 'link',
    after: linkFields(link),
  });
  await groupFamily(tx, actor, guardian);
}

/** Changes a tie's relation, pickup permission or primary flag. */
export async function updateLink(
  tx: Db,
  actor: Actor,
  studentId: string,
  guardianId: string,
  input: z.output<typeof updateGuardianLinkSchema>,
): Promise<void> {
  await findStudent(tx, actor, studentId);
  const before = await linkRow(tx, actor, studentId, guardianId);
  if (!before) throw httpError(404, GUARDIAN_MESSAGES.notLinked);
  const set = Object.fromEntries(
    Object.entries({
      relation: input.relation,
      authorisedPickup: input.authorised_pickup,
      isPrimary: input.is_primary,
    }).filter(([, v]) => v !== undefined),
  );
  // An empty PATCH changes nothing (and an UPDATE needs something to set).
  if (Object.keys(set).length === 0) return;
  if (input.is_primary) await clearPrimary(tx, actor, studentId, guardianId);
  const [after] = await tx
    .update(studentGuardians)
    .set(set)
    .where(and(eq(studentGuardians.instituteId, actor.institute.id), eq(studentGuardians.id, before.id)))
    .returning();
  if (!after) throw httpError(404, GUARDIAN_MESSAGES.notLinked);
  await recordChange(tx, actor, {
    entity: 'student_guardian',
    entityId: before.id,
    action: 'update',
    before: linkFields(before),
    after: linkFields(after),
  });
}

/** Unties a guardian from a student: the tie is the one thing of a person's record that is deleted. */
export async function unlinkGuardian(
  tx: Db,
  actor: Actor,
  studentId: string,
  guardianId: string,
): Promise<void> {
  await findStudent(tx, actor, studentId);
  const before = await linkRow(tx, actor, studentId, guardianId);
  if (!before) throw httpError(404, GUARDIAN_MESSAGES.notLinked);
  await tx
    .delete(studentGuardians)
    .where(and(eq(studentGuardians.instituteId, actor.institute.id), eq(studentGuardians.id, before.id)));
  await recordChange(tx, actor, {
    entity: 'student_guardian',
    entityId: before.id,
    action: 'unlink',
    before: linkFields(before),
  });
}

/**
 * The other students of a student's family. A teacher sees only the siblings they may see
 * anyway; the office, the student and their parents see the whole family.
 */
export async function siblingsOf(tx: Db, actor: Actor, studentId: string): Promise<Sibling[]> {
  const student = await findStudent(tx, actor, studentId);
  if (!student.familyId) return [];
  const narrow = actor.role === 'teacher' && !holds(actor, 'students:read');
  const rows = await tx
    .select({
      id: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNo: students.admissionNo,
      status: students.status,
      sectionName: sections.name,
      className: classes.name,
    })
    .from(students)
    .leftJoin(
      sections,
      and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
    )
    .leftJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        eq(students.familyId, student.familyId),
        ne(students.id, studentId),
        narrow ? await visibleStudents(tx, actor) : undefined,
      ),
    )
    .orderBy(asc(students.dateOfBirth), asc(students.id));
  return rows.map((r) => ({
    id: r.id,
    full_name: fullName(r),
    admission_no: r.admissionNo,
    class_name: r.className,
    section_name: r.className && r.sectionName ? `${r.className}-${r.sectionName}` : null,
    status: r.status,
  }));
}
