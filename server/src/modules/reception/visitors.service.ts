import { randomBytes } from 'node:crypto';
import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { Relation } from '@schooliko/common/people/guardians';
import { STAFF_MESSAGES } from '@schooliko/common/people/staff';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import {
  passLabel,
  VISITOR_MESSAGES,
  type Visitor,
  type VisitorInput,
  type VisitorListQuery,
} from '@schooliko/common/reception/visitors';
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { personNameOrNull } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { httpError } from '../../plugins/errors';
import { staff } from '../staff';
import { students } from '../students';
import { type VisitorRow, visitors } from './reception.table';

/** The instants a day in India (YYYY-MM-DD) begins and ends. */
export function dayBounds(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00+05:30`);
  return { from, to: new Date(from.getTime() + 24 * 3600_000) };
}

const hostName = personNameOrNull(staff);
const studentName = personNameOrNull(students);

/** Still in past the expected time, or left after it. */
const overstaySql = sql<boolean>`coalesce(${visitors.checkedOutAt}, now()) > ${visitors.checkedInAt} + make_interval(mins => ${visitors.expectedMinutes})`;

const columns = {
  row: visitors,
  hostName,
  studentName,
  overstay: overstaySql,
};
type Joined = { row: VisitorRow; hostName: string | null; studentName: string | null; overstay: boolean };
const countOf = (tx: Db, where: SQL | undefined) =>
  tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(visitors)
    .where(where)
    .then((r) => r[0]?.total ?? 0);

function joined(tx: Db) {
  return tx
    .select({ ...columns, total: totalRows })
    .from(visitors)
    .leftJoin(staff, and(eq(staff.instituteId, visitors.instituteId), eq(staff.id, visitors.hostStaffId)))
    .leftJoin(
      students,
      and(eq(students.instituteId, visitors.instituteId), eq(students.id, visitors.studentId)),
    );
}

export function toVisitor(j: Joined): Visitor {
  const r = j.row;
  return {
    id: r.id,
    pass_no: r.passNo,
    pass_label: passLabel(r.financialYear, r.passNo),
    name: r.name,
    phone: r.phone,
    purpose: r.purpose,
    host_staff_id: r.hostStaffId,
    host_name: j.hostName,
    student_id: r.studentId,
    student_name: j.studentName,
    relation: (r.relation as Relation | null) ?? null,
    persons: r.persons,
    id_proof_type: r.idProofType,
    id_proof_last4: r.idProofLast4,
    photo_url: r.photoUrl,
    checked_in_at: r.checkedInAt.toISOString(),
    checked_out_at: r.checkedOutAt?.toISOString() ?? null,
    expected_minutes: r.expectedMinutes,
    status: r.checkedOutAt ? 'out' : 'in',
    overstay: Boolean(j.overstay),
    appointment_id: r.appointmentId,
  };
}

/** The institute's staff member, or a 404. */
export async function requireStaff(tx: Db, instituteId: string, id: string) {
  const message = STAFF_MESSAGES.notFound;
  const [row] = await tx
    .select({ id: staff.id, userId: staff.userId, email: staff.email, name: hostName })
    .from(staff)
    .where(and(eq(staff.instituteId, instituteId), eq(staff.id, id)))
    .limit(1);
  if (!row) throw httpError(404, message, { host_staff_id: message });
  return row;
}

export async function requireStudent(tx: Db, instituteId: string, id: string) {
  const [row] = await tx
    .select({ id: students.id, sectionId: students.sectionId, name: studentName })
    .from(students)
    .where(and(eq(students.instituteId, instituteId), eq(students.id, id)))
    .limit(1);
  if (!row) throw httpError(404, STUDENT_MESSAGES.notFound, { student_id: STUDENT_MESSAGES.notFound });
  return row;
}

/**
 * Checks a visitor in: the pass number is taken from the institute's counter for the financial
 * year inside this transaction (gap-free; a rollback gives it back), with a fresh QR token.
 */
export async function checkIn(
  tx: Db,
  actor: Actor,
  input: VisitorInput,
  appointmentId: string | null = null,
): Promise<Visitor> {
  const i = actor.institute.id;
  const host = input.host_staff_id ? await requireStaff(tx, i, input.host_staff_id) : null;
  const student = input.student_id ? await requireStudent(tx, i, input.student_id) : null;
  const fy = financialYearOf(todayInIndia());
  const passNo = await nextNumber(tx, i, 'visitor-pass', fy);
  const [row] = await tx
    .insert(visitors)
    .values({
      instituteId: i,
      financialYear: fy,
      passNo,
      name: input.name,
      phone: input.phone,
      purpose: input.purpose,
      hostStaffId: input.host_staff_id,
      studentId: input.student_id,
      relation: input.student_id ? input.relation : null,
      persons: input.persons,
      idProofType: input.id_proof_type,
      idProofLast4: input.id_proof_type === 'none' ? '' : input.id_proof_last4,
      checkoutToken: randomBytes(18).toString('base64url'),
      expectedMinutes: input.expected_minutes,
      checkedInBy: actor.userId,
      appointmentId,
    })
    .returning();
  if (!row) throw new Error('visitor not saved');
  // The answer from what was written (no second read): a new visit is not an overstay yet.
  return toVisitor({
    row,
    hostName: host?.name ?? null,
    studentName: student?.name ?? null,
    overstay: false,
  });
}

/** A visitor of the caller's institute, or 404 (another institute's id too). */
export async function findVisitor(tx: Db, actor: Actor, id: string): Promise<VisitorRow> {
  const [row] = await tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.instituteId, actor.institute.id), eq(visitors.id, id)))
    .limit(1);
  if (!row) throw httpError(404, VISITOR_MESSAGES.notFound);
  return row;
}

export async function readVisitor(tx: Db, actor: Actor, id: string): Promise<Visitor> {
  const [row] = await joined(tx)
    .where(and(eq(visitors.instituteId, actor.institute.id), eq(visitors.id, id)))
    .limit(1);
  if (!row) throw httpError(404, VISITOR_MESSAGES.notFound);
  return toVisitor(row);
}

/** Checks a visitor out once: a second check-out is a 409. */
export async function checkOut(tx: Db, actor: Actor, id: string): Promise<Visitor> {
  const [done] = await tx
    .update(visitors)
    .set({ checkedOutAt: new Date(), checkedOutBy: actor.userId })
    .where(
      and(eq(visitors.instituteId, actor.institute.id), eq(visitors.id, id), isNull(visitors.checkedOutAt)),
    )
    .returning({ id: visitors.id });
  if (!done) {
    await findVisitor(tx, actor, id);
    throw httpError(409, VISITOR_MESSAGES.alreadyCheckedOut);
  }
  return readVisitor(tx, actor, id);
}

/**
 * The visitor a scanned QR code (its token) or a typed pass number names: "VP/2026-27/00012",
 * or just 12 for this financial year.
 */
export async function visitorByCode(tx: Db, actor: Actor, code: string): Promise<string> {
  const i = actor.institute.id;
  const typed = /^(?:VP\/(\d{4}-\d{2})\/)?0*(\d{1,9})$/i.exec(code.trim());
  const where = typed
    ? and(
        eq(visitors.instituteId, i),
        eq(visitors.financialYear, typed[1] ?? financialYearOf(todayInIndia())),
        eq(visitors.passNo, Number(typed[2])),
      )
    : and(eq(visitors.instituteId, i), eq(visitors.checkoutToken, code.trim()));
  const [row] = await tx.select({ id: visitors.id }).from(visitors).where(where).limit(1);
  if (!row) throw httpError(404, VISITOR_MESSAGES.passUnknown);
  return row.id;
}

function listWhere(actor: Actor, q: Omit<VisitorListQuery, 'page' | 'limit'>): SQL | undefined {
  const { from, to } = dayBounds(q.date ?? todayInIndia());
  return and(
    eq(visitors.instituteId, actor.institute.id),
    sql`${visitors.checkedInAt} >= ${from.toISOString()}`,
    sql`${visitors.checkedInAt} < ${to.toISOString()}`,
    q.status === 'in' ? isNull(visitors.checkedOutAt) : undefined,
    q.status === 'out' ? isNotNull(visitors.checkedOutAt) : undefined,
    q.overstay === 'true' ? overstaySql : undefined,
    q.overstay === 'false' ? sql`not (${overstaySql})` : undefined,
    searchIn(q.search, [visitors.name, visitors.phone, visitors.purpose]),
  );
}

function listOrder(q: Omit<VisitorListQuery, 'page' | 'limit'>) {
  return orderFor(
    { checked_in_at: visitors.checkedInAt, name: visitors.name, pass_no: visitors.passNo },
    q.sort,
    // A day's passes are numbered in the order they were given: newest first.
    'pass_no',
    q.sort ? q.order : 'desc',
    visitors.id,
  );
}

/** A day's visitors (the register), the newest pass first unless sorted. */
export function listVisitors(tx: Db, actor: Actor, q: VisitorListQuery) {
  const where = listWhere(actor, q);
  return listPage({
    page: q.page,
    limit: q.limit,
    rows: async (limit, offset) =>
      await joined(tx)
        .where(where)
        .orderBy(...listOrder(q))
        .limit(limit)
        .offset(offset),
    countAll: () => countOf(tx, where),
    toItem: (r) => toVisitor(r),
  });
}

/** Every visitor of the list's filters, in pass order (register PDF and export). */
export async function* visitorsOfDay(tx: Db, actor: Actor, q: Omit<VisitorListQuery, 'page' | 'limit'>) {
  const rows = await joined(tx).where(listWhere(actor, q)).orderBy(asc(visitors.passNo), asc(visitors.id));
  for (const r of rows) yield toVisitor(r);
}

/** Today's figures for the admin dashboard: in the building now, and gone. */
export async function visitorsToday(tx: Db, instituteId: string) {
  const { from, to } = dayBounds(todayInIndia());
  const [row] = await tx
    .select({
      in: sql<number>`count(*) filter (where ${visitors.checkedOutAt} is null)`.mapWith(Number),
      out: sql<number>`count(*) filter (where ${visitors.checkedOutAt} is not null)`.mapWith(Number),
      overstay:
        sql<number>`count(*) filter (where ${visitors.checkedOutAt} is null and ${overstaySql})`.mapWith(
          Number,
        ),
    })
    .from(visitors)
    .where(
      and(
        eq(visitors.instituteId, instituteId),
        sql`${visitors.checkedInAt} >= ${from.toISOString()}`,
        sql`${visitors.checkedInAt} < ${to.toISOString()}`,
      ),
    );
  return { in: row?.in ?? 0, out: row?.out ?? 0, overstay: row?.overstay ?? 0 };
}
