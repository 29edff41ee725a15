import { AUTH_MESSAGES } from '@schooliko/common/auth';
import {
  type CreateGuardian,
  type FirstGuardian,
  type FirstGuardianTied,
  GUARDIAN_MESSAGES,
  type Guardian,
  type GuardianListQuery,
  type UpdateGuardian,
} from '@schooliko/common/people/guardians';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { fullName } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { students, visibleStudents } from '../students';
import { linkGuardian } from './guardians.links';
import { visibleGuardians } from './guardians.policy';
import { type GuardianRow, guardians, studentGuardians } from './guardians.table';

type Child = Guardian['children'][number];

export function toGuardian(row: GuardianRow, children: Child[], viewerId: string): Guardian {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    occupation: row.occupation,
    annual_income: row.annualIncome,
    education: row.education,
    address: row.address,
    family_id: row.familyId,
    has_account: row.userId !== null,
    is_you: row.userId !== null && row.userId === viewerId,
    children,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a person types, as the table names them (create and update share it). */
export function columnsOf(input: UpdateGuardian): Partial<GuardianRow> {
  const map: Partial<GuardianRow> = {
    name: input.name,
    phone: input.phone,
    email: input.email,
    occupation: input.occupation,
    annualIncome: input.annual_income,
    education: input.education,
    address: input.address,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined)) as Partial<GuardianRow>;
}

/** The children of these guardians that the caller may see, by guardian. */
export async function childrenOf(tx: Db, actor: Actor, guardianIds: string[]): Promise<Map<string, Child[]>> {
  const byGuardian = new Map<string, Child[]>(guardianIds.map((id) => [id, []]));
  if (guardianIds.length === 0) return byGuardian;
  const rows = await tx
    .select({
      guardianId: studentGuardians.guardianId,
      studentId: students.id,
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      admissionNo: students.admissionNo,
      className: classes.name,
      relation: studentGuardians.relation,
      authorisedPickup: studentGuardians.authorisedPickup,
      isPrimary: studentGuardians.isPrimary,
    })
    .from(studentGuardians)
    .innerJoin(
      students,
      and(
        eq(students.instituteId, studentGuardians.instituteId),
        eq(students.id, studentGuardians.studentId),
      ),
    )
    .leftJoin(
      sections,
      and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
    )
    .leftJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .where(
      and(
        eq(studentGuardians.instituteId, actor.institute.id),
        inArray(studentGuardians.guardianId, guardianIds),
        await visibleStudents(tx, actor),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.id));
  for (const r of rows)
    byGuardian.get(r.guardianId)?.push({
      student_id: r.studentId,
      full_name: fullName(r),
      admission_no: r.admissionNo,
      class_name: r.className,
      relation: r.relation,
      authorised_pickup: r.authorisedPickup,
      is_primary: r.isPrimary,
    });
  return byGuardian;
}

const SORTS = {
  name: sql`lower(${guardians.name})`,
  phone: guardians.phone,
  created_at: guardians.createdAt,
} as const;

/** The list's filters, shared by the page and the export. */
async function listWhere(tx: Db, actor: Actor, query: Partial<GuardianListQuery>): Promise<SQL | undefined> {
  return and(
    eq(guardians.instituteId, actor.institute.id),
    await visibleGuardians(tx, actor),
    query.student_id
      ? inArray(
          guardians.id,
          tx
            .select({ id: studentGuardians.guardianId })
            .from(studentGuardians)
            .where(
              and(
                eq(studentGuardians.instituteId, actor.institute.id),
                eq(studentGuardians.studentId, query.student_id),
              ),
            ),
        )
      : undefined,
    searchIn(query.search, [guardians.name, guardians.phone, guardians.email]),
  );
}

async function withChildren(tx: Db, actor: Actor, rows: GuardianRow[]): Promise<Guardian[]> {
  const children = await childrenOf(
    tx,
    actor,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toGuardian(r, children.get(r.id) ?? [], actor.userId));
}

export async function listGuardians(tx: Db, actor: Actor, query: GuardianListQuery) {
  const where = await listWhere(tx, actor, query);
  const page = await listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      tx
        .select({ guardian: guardians, total: totalRows })
        .from(guardians)
        .where(where)
        .orderBy(...orderFor(SORTS, query.sort, 'name', query.order, guardians.id))
        .limit(limit)
        .offset(offset),
    countAll: async () => {
      const [row] = await tx.select({ n: count() }).from(guardians).where(where);
      return row?.n ?? 0;
    },
    toItem: (row) => row.guardian,
  });
  return { items: await withChildren(tx, actor, page.items), pagination: page.pagination };
}

/** Every guardian the list's filters match, in pages of 500 (for exports). */
export async function* guardiansMatching(tx: Db, actor: Actor, query: Partial<GuardianListQuery>) {
  const where = await listWhere(tx, actor, query);
  for (let offset = 0; ; offset += 500) {
    const rows = await tx
      .select()
      .from(guardians)
      .where(where)
      .orderBy(...orderFor(SORTS, query.sort, 'name', query.order ?? 'asc', guardians.id))
      .limit(500)
      .offset(offset);
    for (const g of await withChildren(tx, actor, rows)) yield g;
    if (rows.length < 500) return;
  }
}

/** One guardian the caller may see, or 404 (also for another institute's id). */
export async function findGuardianRow(tx: Db, actor: Actor, id: string): Promise<GuardianRow> {
  const [row] = await tx
    .select()
    .from(guardians)
    .where(
      and(
        eq(guardians.instituteId, actor.institute.id),
        eq(guardians.id, id),
        await visibleGuardians(tx, actor),
      ),
    )
    .limit(1);
  if (!row) throw httpError(404, GUARDIAN_MESSAGES.notFound);
  return row;
}

export async function findGuardian(tx: Db, actor: Actor, id: string): Promise<Guardian> {
  const [guardian] = await withChildren(tx, actor, [await findGuardianRow(tx, actor, id)]);
  if (!guardian) throw httpError(404, GUARDIAN_MESSAGES.notFound);
  return guardian;
}

/** Adds a guardian and, when a student is named, ties them to that student in the same transaction. */
export async function createGuardian(tx: Db, actor: Actor, input: CreateGuardian): Promise<Guardian> {
  const [row] = await tx
    .insert(guardians)
    .values({ ...columnsOf(input), instituteId: actor.institute.id, name: input.name, phone: input.phone })
    .returning();
  if (!row) throw new Error('guardian not stored');
  await recordChange(tx, actor, { entity: 'guardian', entityId: row.id, action: 'create', after: row });
  if (input.student_id && input.relation)
    await linkGuardian(tx, actor, input.student_id, {
      guardian_id: row.id,
      relation: input.relation,
      authorised_pickup: input.authorised_pickup ?? true,
      is_primary: input.is_primary ?? false,
    });
  return findGuardian(tx, actor, row.id);
}

/**
 * A new pupil's first guardian, named on the admission form (issue 32), in the admission's
 * transaction: the guardian on record in the institute with that mobile number (a sibling's
 * parent) is tied as they are, or a new record is added (audited as any guardian added, and
 * without a sign-in account: that is the invitation's, as for any guardian). Either way they are
 * the child's primary contact and may collect them. Adding one needs `guardians:write`.
 */
export async function addFirstGuardian(
  tx: Db,
  actor: Actor,
  studentId: string,
  input: FirstGuardian,
): Promise<FirstGuardianTied> {
  if (!holds(actor, 'guardians:write')) throw httpError(403, AUTH_MESSAGES.forbidden);
  const tie = { relation: input.relation, authorised_pickup: true, is_primary: true };
  const [known] = await tx
    .select({ id: guardians.id, name: guardians.name })
    .from(guardians)
    .where(and(eq(guardians.instituteId, actor.institute.id), eq(guardians.phone, input.phone)))
    .orderBy(asc(guardians.createdAt), asc(guardians.id))
    .limit(1);
  if (known) {
    await linkGuardian(tx, actor, studentId, { guardian_id: known.id, ...tie });
    return { ...known, existing: true };
  }
  const added = await createGuardian(tx, actor, {
    ...input,
    occupation: '',
    annual_income: null,
    education: null,
    address: '',
    student_id: studentId,
    ...tie,
  });
  return { id: added.id, name: added.name, existing: false };
}

/** Changes a guardian's record (audited: the e2e journey "admin edits a guardian's phone"). */
export async function updateGuardian(
  tx: Db,
  actor: Actor,
  id: string,
  input: UpdateGuardian,
  action = 'update',
): Promise<Guardian> {
  const before = await findGuardianRow(tx, actor, id);
  const changes = columnsOf(input);
  if (Object.keys(changes).length > 0) {
    const [after] = await tx
      .update(guardians)
      .set(changes)
      .where(and(eq(guardians.instituteId, actor.institute.id), eq(guardians.id, id)))
      .returning();
    if (!after) throw httpError(404, GUARDIAN_MESSAGES.notFound);
    await recordChange(tx, actor, { entity: 'guardian', entityId: id, action, before, after });
  }
  return findGuardian(tx, actor, id);
}
