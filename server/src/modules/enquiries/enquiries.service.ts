import { AUTH_MESSAGES } from '@schooliko/common/auth';
import {
  ADMITTABLE,
  admitDraft,
  ENQUIRY_MESSAGES,
  ENQUIRY_MOVES,
  type Enquiry,
  type EnquiryDetail,
  type EnquiryListQuery,
  type EnquiryState,
  type enquiryInputSchema,
  type enquiryPatchSchema,
  type FollowUpInput,
} from '@schooliko/common/desk/enquiries';
import { pagination } from '@schooliko/common/http';
import { type CreateStudent, createStudentSchema } from '@schooliko/common/people/students';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { indexedSearch, searchIn } from '../../kit/list-page';
import { personName, personNameOrNull } from '../../kit/names';
import { type Actor, holds } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { users } from '../../platform/auth';
import { httpError, issueSaid, type Said } from '../../plugins/errors';
import { type AdmissionEnquiryRow, admissionEnquiries, enquiryColumns } from '../admissions';
import { staff } from '../staff';
import { createStudent } from '../students';
import { enquiryFollowUps } from './enquiries.table';

const e = admissionEnquiries;
const counsellorName = personNameOrNull(staff);
const withCounsellor = { row: enquiryColumns, counsellorName };

function toEnquiry(actor: Actor, row: AdmissionEnquiryRow, name: string | null): Enquiry {
  const write = holds(actor, 'reception:write');
  return {
    id: row.id,
    source: row.source,
    state: row.status,
    student_name: row.studentName,
    date_of_birth: row.dateOfBirth,
    gender: row.gender,
    class_sought: row.classSought,
    previous_school: row.previousSchool,
    parent_name: row.parentName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    message: row.message,
    counsellor_id: row.counsellorId,
    counsellor_name: name,
    next_follow_up_on: row.nextFollowUpOn,
    student_id: row.studentId,
    created_at: row.createdAt.toISOString(),
    can: {
      write,
      admit:
        holds(actor, 'enquiries:admit') && holds(actor, 'students:write') && ADMITTABLE.includes(row.status),
      moves: write ? [...ENQUIRY_MOVES[row.status]] : [],
    },
  };
}

async function assertCounsellor(tx: Db, actor: Actor, staffId: string | null) {
  if (!staffId) return;
  const [found] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.id, staffId)))
    .limit(1);
  if (!found)
    throw httpError(400, ENQUIRY_MESSAGES.counsellorNotFound, {
      counsellor_id: ENQUIRY_MESSAGES.counsellorNotFound,
    });
}

const enquiryFilter = (actor: Actor, query: Omit<EnquiryListQuery, 'page' | 'limit'>) =>
  and(
    eq(e.instituteId, actor.institute.id),
    query.state ? eq(e.status, query.state) : undefined,
    query.source ? eq(e.source, query.source) : undefined,
    query.counsellor_id ? eq(e.counsellorId, query.counsellor_id) : undefined,
    searchIn(query.search, [e.studentName, e.parentName, e.phone]),
    indexedSearch(query.search, e.id, 'admission_enquiries_matching'),
  );

/** A page of the enquiries matching the list's filters, with their counsellor's name. */
async function enquiryRows(
  tx: Db,
  actor: Actor,
  query: Omit<EnquiryListQuery, 'page' | 'limit'>,
  limit: number,
  offset: number,
) {
  const dir = query.order === 'asc' ? asc : desc;
  const rows = await tx
    .select(withCounsellor)
    .from(e)
    .leftJoin(staff, and(eq(staff.instituteId, e.instituteId), eq(staff.id, e.counsellorId)))
    .where(enquiryFilter(actor, query))
    .orderBy(dir(e.createdAt), dir(e.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toEnquiry(actor, r.row, r.counsellorName));
}

/** The enquiries of the institute, public-site and desk alike, newest first (index: institute, created). */
export async function listEnquiries(tx: Db, actor: Actor, query: EnquiryListQuery) {
  // The page straight off the (institute, created_at, id) index, and the count on its own: a
  // window count over every match would read all 50,000 rows for each page.
  const items = await enquiryRows(tx, actor, query, query.limit, (query.page - 1) * query.limit);
  const [counted] = await tx.select({ n: count() }).from(e).where(enquiryFilter(actor, query));
  return { items, pagination: pagination(query, counted?.n ?? 0) };
}

/** Every enquiry the list's filters match, for the export, read 500 at a time. */
export async function* enquiriesMatching(
  tx: Db,
  actor: Actor,
  query: Omit<EnquiryListQuery, 'page' | 'limit'>,
) {
  for (let offset = 0; ; offset += 500) {
    const items = await enquiryRows(tx, actor, query, 500, offset);
    yield* items;
    if (items.length < 500) return;
  }
}

async function findRow(tx: Db, actor: Actor, id: string, lock = false) {
  const q = tx
    .select(withCounsellor)
    .from(e)
    .leftJoin(staff, and(eq(staff.instituteId, e.instituteId), eq(staff.id, e.counsellorId)))
    .where(and(eq(e.instituteId, actor.institute.id), eq(e.id, id)))
    .limit(1);
  const [found] = lock ? await q.for('update', { of: e }) : await q;
  if (!found) throw httpError(404, ENQUIRY_MESSAGES.notFound);
  return found;
}

export async function findEnquiry(tx: Db, actor: Actor, id: string): Promise<EnquiryDetail> {
  const found = await findRow(tx, actor, id);
  const followUps = await tx
    .select()
    .from(enquiryFollowUps)
    .where(and(eq(enquiryFollowUps.instituteId, actor.institute.id), eq(enquiryFollowUps.enquiryId, id)))
    .orderBy(desc(enquiryFollowUps.on), desc(enquiryFollowUps.createdAt));
  return {
    ...toEnquiry(actor, found.row, found.counsellorName),
    follow_ups: followUps.map((f) => ({
      id: f.id,
      on: f.on,
      mode: f.mode,
      outcome: f.outcome,
      next_on: f.nextOn,
      by_name: f.byName,
      created_at: f.createdAt.toISOString(),
    })),
  };
}

/** The enquiry as it stands, its row locked for the change that follows. */
async function lockedEnquiry(tx: Db, actor: Actor, id: string): Promise<EnquiryDetail> {
  await findRow(tx, actor, id, true);
  return findEnquiry(tx, actor, id);
}

export async function createEnquiry(
  tx: Db,
  actor: Actor,
  input: z.output<typeof enquiryInputSchema>,
): Promise<EnquiryDetail> {
  await assertCounsellor(tx, actor, input.counsellor_id);
  const [row] = await tx
    .insert(e)
    .values({
      instituteId: actor.institute.id,
      source: input.source,
      studentName: input.student_name,
      dateOfBirth: input.date_of_birth,
      gender: input.gender,
      classSought: input.class_sought,
      previousSchool: input.previous_school,
      parentName: input.parent_name,
      phone: input.phone,
      email: input.email,
      address: input.address,
      message: input.message,
      counsellorId: input.counsellor_id,
      nextFollowUpOn: input.next_follow_up_on,
      createdBy: actor.userId,
    })
    .returning({ id: e.id });
  if (!row) throw new Error('enquiry not stored');
  const created = await findEnquiry(tx, actor, row.id);
  await recordChange(tx, actor, {
    entity: 'enquiry',
    entityId: row.id,
    action: 'create',
    after: audited(created),
  });
  return created;
}

/** What an enquiry's history keeps of it: who asks for whom, and where it stands. */
function audited(x: Enquiry) {
  return {
    student_name: x.student_name,
    class_sought: x.class_sought,
    parent_name: x.parent_name,
    phone: x.phone,
    email: x.email,
    stage: x.state,
    counsellor: x.counsellor_name,
    next_follow_up_on: x.next_follow_up_on,
  };
}

/** Records a change to an enquiry, its state and follow-up plans before and after. */
async function recordEnquiryChange(tx: Db, actor: Actor, action: string, before: Enquiry, after: Enquiry) {
  const [from, to] = [audited(before), audited(after)];
  const keys = (Object.keys(to) as (keyof typeof to)[]).filter((k) => from[k] !== to[k]);
  if (!keys.length) return;
  await recordChange(tx, actor, {
    entity: 'enquiry',
    entityId: after.id,
    action,
    before: Object.fromEntries(keys.map((k) => [k, from[k]])),
    after: Object.fromEntries(keys.map((k) => [k, to[k]])),
  });
}

export async function updateEnquiry(
  tx: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof enquiryPatchSchema>,
): Promise<EnquiryDetail> {
  const before = await lockedEnquiry(tx, actor, id);
  await assertCounsellor(tx, actor, input.counsellor_id);
  await tx
    .update(e)
    .set({ counsellorId: input.counsellor_id, nextFollowUpOn: input.next_follow_up_on })
    .where(and(eq(e.instituteId, actor.institute.id), eq(e.id, id)));
  const after = await findEnquiry(tx, actor, id);
  await recordEnquiryChange(tx, actor, 'update', before, after);
  return after;
}

/** A move of the state machine; any other move (admitted included: that is Admit's) is a 409. */
export async function moveEnquiry(
  tx: Db,
  actor: Actor,
  id: string,
  to: EnquiryState,
): Promise<EnquiryDetail> {
  const before = await lockedEnquiry(tx, actor, id);
  if (before.state === 'admitted' && to === 'admitted')
    throw httpError(409, ENQUIRY_MESSAGES.alreadyAdmitted);
  if (!ENQUIRY_MOVES[before.state].includes(to)) throw httpError(409, ENQUIRY_MESSAGES.badTransition);
  await tx
    .update(e)
    .set({ status: to })
    .where(and(eq(e.instituteId, actor.institute.id), eq(e.id, id)));
  const after = await findEnquiry(tx, actor, id);
  await recordEnquiryChange(tx, actor, 'state', before, after);
  return after;
}

async function nameOf(tx: Db, userId: string): Promise<string> {
  const [u] = await tx
    .select({ name: personName(users) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u?.name ?? '';
}

/** Logs a follow-up; a new enquiry becomes contacted, and its next follow-up date is the log's. */
export async function addFollowUp(
  tx: Db,
  actor: Actor,
  id: string,
  input: FollowUpInput & { next_on: string | null },
) {
  const before = await lockedEnquiry(tx, actor, id);
  const row = { status: before.state };
  if (row.status === 'admitted' || row.status === 'closed' || row.status === 'lost')
    throw httpError(409, ENQUIRY_MESSAGES.badTransition);
  await tx.insert(enquiryFollowUps).values({
    instituteId: actor.institute.id,
    enquiryId: id,
    on: input.on,
    mode: input.mode,
    outcome: input.outcome,
    nextOn: input.next_on,
    byUserId: actor.userId,
    byName: await nameOf(tx, actor.userId),
  });
  await tx
    .update(e)
    .set({ nextFollowUpOn: input.next_on, status: row.status === 'new' ? 'contacted' : row.status })
    .where(and(eq(e.instituteId, actor.institute.id), eq(e.id, id)));
  const after = await findEnquiry(tx, actor, id);
  await recordEnquiryChange(tx, actor, 'follow-up', before, after);
  return after;
}

/** What the people form starts with for an enquiry: its child's name, birth date and gender. */
export function studentDraft(row: AdmissionEnquiryRow) {
  return admitDraft({
    student_name: row.studentName,
    date_of_birth: row.dateOfBirth,
    gender: row.gender,
    previous_school: row.previousSchool,
    address: row.address,
  });
}

/**
 * Admit: the people form's values (pre-filled from the enquiry) make the student, and the enquiry
 * is linked to it and admitted, in one transaction. An admitted enquiry cannot be admitted again.
 */
export async function admitEnquiry(tx: Db, actor: Actor, id: string, body: Record<string, unknown>) {
  if (!holds(actor, 'students:write')) throw httpError(403, AUTH_MESSAGES.forbidden);
  const { row } = await findRow(tx, actor, id, true);
  if (row.status === 'admitted') throw httpError(409, ENQUIRY_MESSAGES.alreadyAdmitted);
  if (!ADMITTABLE.includes(row.status)) throw httpError(409, ENQUIRY_MESSAGES.closedCannotAdmit);
  const parsed = createStudentSchema.safeParse({ ...studentDraft(row), ...body });
  if (!parsed.success) {
    const errors: Record<string, Said> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issueSaid(issue);
    const [issue] = parsed.error.issues;
    const first = issue ? issueSaid(issue) : ENQUIRY_MESSAGES.notFound;
    throw httpError(400, first, errors);
  }
  const student = await createStudent(tx, actor, parsed.data as CreateStudent);
  const before = await findEnquiry(tx, actor, id);
  await tx
    .update(e)
    .set({ status: 'admitted', studentId: student.id })
    .where(and(eq(e.instituteId, actor.institute.id), eq(e.id, id)));
  const after = await findEnquiry(tx, actor, id);
  await recordEnquiryChange(tx, actor, 'admitted', before, after);
  return { student_id: student.id, enquiry: after as Enquiry };
}
