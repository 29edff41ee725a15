import {
  type CreateStaff,
  STAFF_MESSAGES,
  type Staff,
  type StaffListQuery,
  type UpdateStaff,
} from '@schooliko/common/people/staff';
import { JOB_SETS, type JobSet } from '@schooliko/common/permissions';
import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { memberships } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { assertMayAssignJobs } from './staff.policy';
import { type StaffRow, staff } from './staff.table';

type StaffWithJobs = StaffRow & { jobSets: JobSet[] | null };

const today = () => new Date().toISOString().slice(0, 10);

export function toStaff(row: StaffWithJobs): Staff {
  return {
    id: row.id,
    employee_code: row.employeeCode,
    kind: row.kind,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: fullName(row),
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    phone: row.phone,
    email: row.email,
    designation: row.designation,
    department: row.department,
    joining_date: row.joiningDate,
    qualification: row.qualification,
    experience_years: row.experienceYears,
    subjects: row.subjects,
    police_verification_on: row.policeVerificationOn,
    psychometric_evaluation_on: row.psychometricEvaluationOn,
    photo_url: row.photoUrl,
    address: row.address,
    status: row.status,
    relieved_on: row.relievedOn,
    job_sets: row.jobSets ?? [],
    has_account: row.userId !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a person types, as the table names them (create and update share it). */
export function columnsOf(input: Partial<CreateStaff>): Partial<StaffRow> {
  const map: Partial<StaffRow> = {
    employeeCode: input.employee_code,
    kind: input.kind,
    firstName: input.first_name,
    lastName: input.last_name,
    gender: input.gender,
    dateOfBirth: input.date_of_birth,
    phone: input.phone,
    email: input.email,
    designation: input.designation,
    department: input.department,
    joiningDate: input.joining_date,
    qualification: input.qualification,
    experienceYears: input.experience_years,
    subjects: input.subjects,
    policeVerificationOn: input.police_verification_on,
    psychometricEvaluationOn: input.psychometric_evaluation_on,
    photoUrl: input.photo_url,
    address: input.address,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined)) as Partial<StaffRow>;
}

// memberships is not a tenant table: the join names the institute itself.
const membershipJoin = and(
  eq(memberships.instituteId, staff.instituteId),
  eq(memberships.userId, staff.userId),
);
const withJobs = { ...getTableColumns(staff), jobSets: memberships.jobSets };

const SORTS = {
  employee_code: sql`lower(${staff.employeeCode})`,
  name: sql`lower(${staff.firstName} || ' ' || ${staff.lastName})`,
  designation: sql`lower(${staff.designation})`,
  joining_date: staff.joiningDate,
  status: staff.status,
} as const;

/** The list's filters, shared by the page and the export. */
function listWhere(actor: Actor, query: Partial<StaffListQuery>): SQL | undefined {
  return and(
    eq(staff.instituteId, actor.institute.id),
    query.kind ? eq(staff.kind, query.kind) : undefined,
    query.status ? eq(staff.status, query.status) : undefined,
    query.department ? sql`lower(${staff.department}) = lower(${query.department})` : undefined,
    searchIn(query.search, [
      staff.employeeCode,
      sql`${staff.firstName} || ' ' || ${staff.lastName}`,
      staff.phone,
      staff.email,
      staff.designation,
      staff.subjects,
    ]),
  );
}

export async function listStaff(tx: Db, actor: Actor, query: StaffListQuery) {
  const where = listWhere(actor, query);
  return listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      tx
        .select({ ...withJobs, total: totalRows })
        .from(staff)
        .leftJoin(memberships, membershipJoin)
        .where(where)
        .orderBy(...orderFor(SORTS, query.sort, 'name', query.order, staff.id))
        .limit(limit)
        .offset(offset),
    countAll: async () => {
      const [row] = await tx.select({ n: count() }).from(staff).where(where);
      return row?.n ?? 0;
    },
    toItem: (row) => toStaff(row),
  });
}

/** Every staff member the list's filters match, in pages of 1,000 (for exports). */
export async function* staffMatching(tx: Db, actor: Actor, query: Partial<StaffListQuery>) {
  const where = listWhere(actor, query);
  for (let offset = 0; ; offset += 1000) {
    const rows = await tx
      .select(withJobs)
      .from(staff)
      .leftJoin(memberships, membershipJoin)
      .where(where)
      .orderBy(...orderFor(SORTS, query.sort, 'name', query.order ?? 'asc', staff.id))
      .limit(1000)
      .offset(offset);
    for (const row of rows) yield toStaff(row);
    if (rows.length < 1000) return;
  }
}

/** One staff member of the caller's institute, or 404 (also for another institute's id). */
export async function findStaff(tx: Db, actor: Actor, id: string): Promise<StaffWithJobs> {
  const [row] = await tx
    .select(withJobs)
    .from(staff)
    .leftJoin(memberships, membershipJoin)
    .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.id, id)))
    .limit(1);
  if (!row) throw httpError(404, STAFF_MESSAGES.notFound);
  return row;
}

async function assertCodeFree(tx: Db, actor: Actor, code: string, except?: string) {
  const [taken] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.instituteId, actor.institute.id), sql`lower(${staff.employeeCode}) = lower(${code})`))
    .limit(1);
  if (taken && taken.id !== except)
    throw httpError(409, STAFF_MESSAGES.employeeCodeTaken, {
      employee_code: STAFF_MESSAGES.employeeCodeTaken,
    });
}

export async function createStaff(tx: Db, actor: Actor, input: CreateStaff): Promise<Staff> {
  await assertCodeFree(tx, actor, input.employee_code);
  const [row] = await tx
    .insert(staff)
    .values({
      ...columnsOf(input),
      instituteId: actor.institute.id,
      employeeCode: input.employee_code,
      firstName: input.first_name,
      joiningDate: input.joining_date,
      status: 'active',
    })
    .returning();
  if (!row) throw new Error('staff not stored');
  await recordChange(tx, actor, { entity: 'staff', entityId: row.id, action: 'create', after: row });
  return toStaff({ ...row, jobSets: null });
}

/** The status columns after a move: relieving needs a date (today unless given); rejoining clears it. */
function statusChanges(before: StaffRow, input: Partial<UpdateStaff>): Partial<StaffRow> {
  const status = input.status ?? before.status;
  if (status === 'active') return status === before.status ? {} : { status, relievedOn: null };
  if (before.status === 'active') return { status, relievedOn: input.relieved_on ?? today() };
  // Already relieved: the date may be corrected, not removed.
  if (input.relieved_on === undefined) return {};
  if (input.relieved_on === null)
    throw httpError(400, STAFF_MESSAGES.relievedNeedsDate, { relieved_on: STAFF_MESSAGES.relievedNeedsDate });
  return { relievedOn: input.relieved_on };
}

/** Job sets in their declared order, each once. */
const normalJobs = (jobs: readonly JobSet[]) => JOB_SETS.filter((j) => jobs.includes(j));

/**
 * Changes a staff record (audited). `job_sets` are written on the membership of the staff
 * member's account; `accountChanged` names that account so the caller can drop its cached
 * session checks once the transaction has committed.
 */
export async function updateStaff(
  tx: Db,
  actor: Actor,
  id: string,
  input: Partial<UpdateStaff>,
): Promise<{ staff: Staff; accountChanged: string | null }> {
  const before = await findStaff(tx, actor, id);
  if (input.employee_code && input.employee_code !== before.employeeCode)
    await assertCodeFree(tx, actor, input.employee_code, id);
  const changes: Partial<StaffRow> = { ...columnsOf(input), ...statusChanges(before, input) };

  const jobsBefore = normalJobs(before.jobSets ?? []);
  let jobsAfter = jobsBefore;
  if (input.job_sets !== undefined) {
    assertMayAssignJobs(actor);
    if (!before.userId)
      throw httpError(409, STAFF_MESSAGES.noAccount, { job_sets: STAFF_MESSAGES.noAccount });
    jobsAfter = normalJobs(input.job_sets);
  }
  const jobsChanged = jobsAfter.join() !== jobsBefore.join();
  if (jobsChanged && before.userId)
    await tx
      .update(memberships)
      .set({ jobSets: jobsAfter })
      .where(and(eq(memberships.instituteId, actor.institute.id), eq(memberships.userId, before.userId)));

  let after: StaffRow = before;
  if (Object.keys(changes).length > 0) {
    const [row] = await tx
      .update(staff)
      .set(changes)
      .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.id, id)))
      .returning();
    if (!row) throw httpError(404, STAFF_MESSAGES.notFound);
    after = row;
  }
  const { jobSets: _j, ...beforeRow } = before;
  await recordChange(tx, actor, {
    entity: 'staff',
    entityId: id,
    action: changes.status && changes.status !== before.status ? `status:${changes.status}` : 'update',
    before: { ...beforeRow, jobSets: jobsBefore },
    after: { ...after, jobSets: jobsAfter },
  });
  return {
    staff: toStaff({ ...after, jobSets: jobsAfter }),
    accountChanged: jobsChanged ? before.userId : null,
  };
}
