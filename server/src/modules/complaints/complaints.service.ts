import {
  AGEING_BUCKETS,
  COMMITTEES,
  COMPLAINT_MESSAGES,
  COMPLAINT_MOVES,
  type Committee,
  type Complaint,
  type ComplaintListQuery,
  type ComplaintState,
  committeeOf,
  type complaintInputSchema,
  type complaintUpdateSchema,
} from '@schooliko/common/desk/complaints';
import { STAFF_MESSAGES } from '@schooliko/common/people/staff';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { listPage, searchIn, totalRows } from '../../kit/list-page';
import { personName, personNameOrNull } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { users } from '../../platform/auth';
import { httpError } from '../../plugins/errors';
import { staff } from '../staff';
import { asCaller, committeesOf, mayHandle, visibleComplaints } from './complaints.policy';
import { type ComplaintRow, committeeMembers, complaints } from './complaints.table';

const c = complaints;
const assigneeName = personNameOrNull(staff);
const assigneeJoin = and(eq(staff.instituteId, c.instituteId), eq(staff.id, c.assigneeStaffId));
const OPEN_STATES: ComplaintState[] = ['open', 'assigned', 'in_progress', 'reopened'];
const today = () => new Date().toISOString().slice(0, 10);

function toComplaint(
  actor: Actor,
  mine: readonly Committee[],
  row: ComplaintRow,
  name: string | null,
): Complaint {
  const write = mayHandle(actor, mine, row.committee);
  return {
    id: row.id,
    category: row.category,
    restricted: row.committee !== null,
    complainant_kind: row.complainantKind,
    complainant_name: row.complainantName,
    complainant_phone: write ? row.complainantPhone : '',
    description: row.description,
    assignee_staff_id: row.assigneeStaffId,
    assignee_name: name,
    due_on: row.dueOn,
    action_taken: row.actionTaken,
    state: row.state,
    mine: row.filedBy === actor.userId,
    age_days: Math.floor((Date.now() - row.createdAt.getTime()) / 86_400_000),
    created_at: row.createdAt.toISOString(),
    can: { write, moves: write ? [...COMPLAINT_MOVES[row.state]] : [] },
  };
}

const visibleWhere = (actor: Actor) => and(eq(c.instituteId, actor.institute.id), visibleComplaints(actor));

export async function listComplaints(tx: Db, actor: Actor, query: ComplaintListQuery) {
  await asCaller(tx, actor);
  const mine = await committeesOf(tx, actor);
  const where = and(
    visibleWhere(actor),
    query.state ? eq(c.state, query.state) : undefined,
    query.category ? eq(c.category, query.category) : undefined,
    query.mine === 'true' ? eq(c.filedBy, actor.userId) : undefined,
    searchIn(query.search, [c.description, c.complainantName]),
  );
  const dir = query.order === 'asc' ? asc : desc;
  return listPage({
    page: query.page,
    limit: query.limit,
    rows: (limit, offset) =>
      tx
        .select({ row: c, name: assigneeName, total: totalRows })
        .from(c)
        .leftJoin(staff, assigneeJoin)
        .where(where)
        .orderBy(dir(c.createdAt), dir(c.id))
        .limit(limit)
        .offset(offset),
    countAll: async () => {
      const [row] = await tx.select({ n: count() }).from(c).where(where);
      return row?.n ?? 0;
    },
    toItem: (r) => toComplaint(actor, mine, r.row, r.name),
  });
}

async function findRow(tx: Db, actor: Actor, id: string, lock = false) {
  const q = tx
    .select({ row: c, name: assigneeName })
    .from(c)
    .leftJoin(staff, assigneeJoin)
    .where(and(visibleWhere(actor), eq(c.id, id)))
    .limit(1);
  const [found] = lock ? await q.for('update', { of: c }) : await q;
  if (!found) throw httpError(404, COMPLAINT_MESSAGES.notFound);
  return found;
}

export async function findComplaint(tx: Db, actor: Actor, id: string): Promise<Complaint> {
  await asCaller(tx, actor);
  const found = await findRow(tx, actor, id);
  return toComplaint(actor, await committeesOf(tx, actor), found.row, found.name);
}

/**
 * Registers a complaint. Someone filing from their own side is the complainant (their role says
 * which kind); the desk names the complainant. A POCSO or POSH complaint goes to its committee.
 */
export async function createComplaint(
  tx: Db,
  actor: Actor,
  input: z.output<typeof complaintInputSchema>,
): Promise<Complaint> {
  await asCaller(tx, actor);
  const desk = holds(actor, 'complaints:write') && input.complainant_kind !== undefined;
  const [me] = await tx
    .select({ name: personName(users), mobile: users.mobile })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const ownKind = actor.roles.includes('parent')
    ? 'parent'
    : actor.roles.includes('student')
      ? 'student'
      : 'staff';
  const [row] = await tx
    .insert(c)
    .values({
      instituteId: actor.institute.id,
      category: input.category,
      committee: committeeOf(input.category),
      complainantKind: desk && input.complainant_kind ? input.complainant_kind : ownKind,
      complainantName: desk ? input.complainant_name : (me?.name ?? ''),
      complainantPhone: desk ? input.complainant_phone : (me?.mobile ?? ''),
      filedBy: actor.userId,
      description: input.description,
    })
    .returning({ id: c.id });
  if (!row) throw new Error('complaint not stored');
  return findComplaint(tx, actor, row.id);
}

/** Assigns, sets the due date, writes the action taken, moves the state (refused moves: 409). */
export async function updateComplaint(
  tx: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof complaintUpdateSchema>,
): Promise<Complaint> {
  await asCaller(tx, actor);
  const { row } = await findRow(tx, actor, id, true);
  const mine = await committeesOf(tx, actor);
  if (!mayHandle(actor, mine, row.committee)) throw httpError(404, COMPLAINT_MESSAGES.notFound);
  if (input.state && input.state !== row.state && !COMPLAINT_MOVES[row.state].includes(input.state))
    throw httpError(409, COMPLAINT_MESSAGES.badTransition);
  if (input.assignee_staff_id) {
    const [found] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.id, input.assignee_staff_id)))
      .limit(1);
    if (!found)
      throw httpError(400, STAFF_MESSAGES.notFound, {
        assignee_staff_id: STAFF_MESSAGES.notFound,
      });
  }
  const actionTaken = input.action_taken ?? row.actionTaken;
  if (input.state === 'resolved' && !actionTaken)
    throw httpError(400, COMPLAINT_MESSAGES.actionNeeded, { action_taken: COMPLAINT_MESSAGES.actionNeeded });
  const assigned =
    input.assignee_staff_id && (row.state === 'open' || row.state === 'reopened') && !input.state
      ? ('assigned' as const)
      : undefined;
  await tx
    .update(c)
    .set({
      assigneeStaffId: input.assignee_staff_id === undefined ? row.assigneeStaffId : input.assignee_staff_id,
      dueOn: input.due_on === undefined ? row.dueOn : input.due_on,
      actionTaken,
      state: input.state ?? assigned ?? row.state,
      reopened: row.reopened || input.state === 'reopened',
      updatedAt: new Date(),
    })
    .where(and(eq(c.instituteId, actor.institute.id), eq(c.id, id)));
  return findComplaint(tx, actor, id);
}

/** Open complaints the caller may see, by how many days they have waited, and how many are overdue. */
export async function complaintAgeing(tx: Db, actor: Actor) {
  await asCaller(tx, actor);
  const age = sql`(current_date - (${c.createdAt} at time zone 'Asia/Kolkata')::date)`;
  const [row] = await tx
    .select({
      a: sql<number>`count(*) filter (where ${age} <= 7)`.mapWith(Number),
      b: sql<number>`count(*) filter (where ${age} between 8 and 15)`.mapWith(Number),
      c: sql<number>`count(*) filter (where ${age} between 16 and 30)`.mapWith(Number),
      d: sql<number>`count(*) filter (where ${age} > 30)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${c.dueOn} < ${today()}::date)`.mapWith(Number),
    })
    .from(c)
    .where(and(visibleWhere(actor), inArray(c.state, OPEN_STATES)));
  const counts = [row?.a ?? 0, row?.b ?? 0, row?.c ?? 0, row?.d ?? 0];
  return {
    buckets: AGEING_BUCKETS.map((bucket, i) => ({ bucket, count: counts[i] ?? 0 })),
    overdue: row?.overdue ?? 0,
  };
}

/** The dashboard's count: open complaints the caller may see (committee ones only for members). */
export async function openComplaints(tx: Db, actor: Actor): Promise<number> {
  await asCaller(tx, actor);
  const [row] = await tx
    .select({ n: count() })
    .from(c)
    .where(and(visibleWhere(actor), inArray(c.state, OPEN_STATES)));
  return row?.n ?? 0;
}

/** The committees and their members (names only: membership, never the complaints). */
export async function listCommittees(tx: Db, actor: Actor) {
  const rows = await tx
    .select({
      committee: committeeMembers.committee,
      staffId: committeeMembers.staffId,
      name: personName(staff),
    })
    .from(committeeMembers)
    .innerJoin(
      staff,
      and(eq(staff.instituteId, committeeMembers.instituteId), eq(staff.id, committeeMembers.staffId)),
    )
    .where(eq(committeeMembers.instituteId, actor.institute.id))
    .orderBy(staff.firstName);
  return {
    items: COMMITTEES.map((committee) => ({
      committee,
      members: rows
        .filter((r) => r.committee === committee)
        .map((r) => ({ staff_id: r.staffId, name: r.name })),
    })),
    mine: await committeesOf(tx, actor),
  };
}

/**
 * Sets a committee's members (staff of the institute). Each staff member who joins or leaves is
 * recorded in their own history (`committee-joined`, `committee-left`), in the same transaction:
 * sitting on a committee is what opens its complaints, so who gave that sight is kept.
 */
export async function saveCommittee(tx: Db, actor: Actor, committee: Committee, staffIds: string[]) {
  const ids = [...new Set(staffIds)];
  if (ids.length) {
    const found = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.instituteId, actor.institute.id), inArray(staff.id, ids)));
    if (found.length !== ids.length)
      throw httpError(400, STAFF_MESSAGES.notFound, {
        staff_ids: STAFF_MESSAGES.notFound,
      });
  }
  const ofCommittee = and(
    eq(committeeMembers.instituteId, actor.institute.id),
    eq(committeeMembers.committee, committee),
  );
  const current = (
    await tx
      .select({ staffId: committeeMembers.staffId })
      .from(committeeMembers)
      .where(ofCommittee)
      .for('update')
  ).map((r) => r.staffId);
  const leaving = current.filter((id) => !ids.includes(id));
  const joining = ids.filter((id) => !current.includes(id));
  if (leaving.length)
    await tx.delete(committeeMembers).where(and(ofCommittee, inArray(committeeMembers.staffId, leaving)));
  if (joining.length)
    await tx
      .insert(committeeMembers)
      .values(joining.map((staffId) => ({ instituteId: actor.institute.id, committee, staffId })));
  // Each member who left or joined, in their own staff history.
  const changes = [
    ...leaving.map((staffId) => ({ staffId, action: 'committee-left', before: { committee } })),
    ...joining.map((staffId) => ({ staffId, action: 'committee-joined', after: { committee } })),
  ];
  for (const { staffId, ...change } of changes)
    await recordChange(tx, actor, { entity: 'staff', entityId: staffId, ...change });
  return listCommittees(tx, actor);
}
