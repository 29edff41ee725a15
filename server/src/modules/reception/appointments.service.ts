import { todayInIndia } from '@schooliko/common/kit/dates';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_NEXT,
  type Appointment,
  type AppointmentInput,
  type AppointmentListQuery,
  type AppointmentRequest,
  type AppointmentStatus,
  HOLDING_STATUSES,
  type Host,
} from '@schooliko/common/reception/appointments';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, orderFor, searchIn, totalRows } from '../../kit/list-page';
import { personName, personNameOrNull } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { sendMessage } from '../../platform/messaging/messaging.service';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { guardians, studentGuardians } from '../guardians';
import { staff } from '../staff';
import { students } from '../students';
import { queueAppointmentReminders, slotTime } from './appointment-reminders';
import { type AppointmentRow, appointments } from './reception.table';
import { checkIn, dayBounds, requireStaff, requireStudent } from './visitors.service';

const hostName = personName(staff);
const studentName = personNameOrNull(students);

function joined(tx: Db) {
  return tx
    .select({ row: appointments, hostName, studentName, total: totalRows })
    .from(appointments)
    .innerJoin(
      staff,
      and(eq(staff.instituteId, appointments.instituteId), eq(staff.id, appointments.hostStaffId)),
    )
    .leftJoin(
      students,
      and(eq(students.instituteId, appointments.instituteId), eq(students.id, appointments.studentId)),
    );
}
type Joined = { row: AppointmentRow; hostName: string; studentName: string | null };

function toAppointment(j: Joined): Appointment {
  const r = j.row;
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    host_staff_id: r.hostStaffId,
    host_name: j.hostName,
    student_id: r.studentId,
    student_name: j.studentName,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    purpose: r.purpose,
    status: r.status,
    visitor_id: r.visitorId,
    from_parent: r.requestedBy !== null,
  };
}

/**
 * Refuses a slot that overlaps one the staff member already holds (confirmed or checked in).
 * A transaction-scoped advisory lock per staff member makes the check and the write one step:
 * two bookings at once queue here, and the second sees the first.
 */
async function refuseOverlap(
  tx: Db,
  instituteId: string,
  hostStaffId: string,
  startsAt: Date,
  endsAt: Date,
  except: string | null,
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`appointments:${instituteId}:${hostStaffId}`}, 0))`,
  );
  const [clash] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.instituteId, instituteId),
        eq(appointments.hostStaffId, hostStaffId),
        inArray(appointments.status, [...HOLDING_STATUSES]),
        sql`${appointments.startsAt} < ${endsAt.toISOString()}`,
        sql`${appointments.endsAt} > ${startsAt.toISOString()}`,
        except ? ne(appointments.id, except) : undefined,
      ),
    )
    .limit(1);
  if (clash)
    throw httpError(409, APPOINTMENT_MESSAGES.staffBusy, { starts_at: APPOINTMENT_MESSAGES.staffBusy });
}

function slotOf(input: { starts_at: string; ends_at: string }) {
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (endsAt.getTime() < Date.now() - 60_000)
    throw httpError(400, APPOINTMENT_MESSAGES.slotPast, { starts_at: APPOINTMENT_MESSAGES.slotPast });
  return { startsAt, endsAt };
}

/**
 * A slot confirmed: the person is told at once (by email, through the messaging channel, once per
 * slot) and the reminders before the slot are queued, all in the confirming transaction.
 */
async function confirmed(tx: Db, actor: Actor, a: Appointment) {
  const startsAt = new Date(a.starts_at);
  await queueAppointmentReminders(tx, actor.institute.id, { id: a.id, startsAt });
  if (!a.email) return;
  const when = slotTime(startsAt);
  const school = actor.institute.name;
  await sendMessage(tx, {
    instituteId: actor.institute.id,
    eventKey: `appointment-confirmed:${a.id}:${a.starts_at}`,
    recipientName: a.name,
    channel: 'email',
    to: a.email,
    subject: `Appointment at ${school} on ${when}`,
    text: `Dear ${a.name},\n\nYour appointment with ${a.host_name} at ${school} is confirmed for ${when} (${a.purpose}).\nPlease carry an ID proof and come to the reception a few minutes early.\n\n${school}`,
  });
}

export async function readAppointment(tx: Db, actor: Actor, id: string): Promise<Appointment> {
  const [row] = await joined(tx)
    .where(and(eq(appointments.instituteId, actor.institute.id), eq(appointments.id, id)))
    .limit(1);
  if (!row) throw httpError(404, APPOINTMENT_MESSAGES.notFound);
  return toAppointment(row);
}

/** The desk books a slot: confirmed at once (refused when the staff member is taken). */
export async function bookAppointment(tx: Db, actor: Actor, input: AppointmentInput): Promise<Appointment> {
  const i = actor.institute.id;
  await requireStaff(tx, i, input.host_staff_id);
  if (input.student_id) await requireStudent(tx, i, input.student_id);
  const { startsAt, endsAt } = slotOf(input);
  await refuseOverlap(tx, i, input.host_staff_id, startsAt, endsAt, null);
  const [row] = await tx
    .insert(appointments)
    .values({
      instituteId: i,
      hostStaffId: input.host_staff_id,
      name: input.name,
      phone: input.phone,
      email: input.email,
      studentId: input.student_id,
      startsAt,
      endsAt,
      purpose: input.purpose,
      status: 'confirmed',
      createdBy: actor.userId,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment not saved');
  const a = await readAppointment(tx, actor, row.id);
  await confirmed(tx, actor, a);
  return a;
}

/** The guardian record of a signed-in parent, or a 403-free refusal (409) when there is none. */
async function guardianOf(tx: Db, actor: Actor) {
  const [g] = await tx
    .select()
    .from(guardians)
    .where(and(eq(guardians.instituteId, actor.institute.id), eq(guardians.userId, actor.userId)))
    .limit(1);
  if (!g) throw httpError(409, APPOINTMENT_MESSAGES.notAParent);
  return g;
}

/** A parent asks for a slot from their home: 'requested' until the desk confirms it. */
export async function requestAppointment(
  tx: Db,
  actor: Actor,
  input: AppointmentRequest,
): Promise<Appointment> {
  const i = actor.institute.id;
  const g = await guardianOf(tx, actor);
  await requireStaff(tx, i, input.host_staff_id);
  if (input.student_id) {
    const [tie] = await tx
      .select({ id: studentGuardians.id })
      .from(studentGuardians)
      .where(
        and(
          eq(studentGuardians.instituteId, i),
          eq(studentGuardians.guardianId, g.id),
          eq(studentGuardians.studentId, input.student_id),
        ),
      )
      .limit(1);
    if (!tie) throw httpError(404, STUDENT_MESSAGES.notFound, { student_id: STUDENT_MESSAGES.notFound });
  }
  const { startsAt, endsAt } = slotOf(input);
  const [row] = await tx
    .insert(appointments)
    .values({
      instituteId: i,
      hostStaffId: input.host_staff_id,
      name: g.name,
      phone: g.phone,
      email: g.email,
      studentId: input.student_id,
      guardianId: g.id,
      requestedBy: actor.userId,
      startsAt,
      endsAt,
      purpose: input.purpose,
      status: 'requested',
      createdBy: actor.userId,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment not saved');
  return readAppointment(tx, actor, row.id);
}

/**
 * Moves an appointment on (MODULES.md section 2): confirming checks the staff member is free;
 * checking in creates the visitor entry (a numbered pass) and links it.
 */
export async function changeStatus(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  id: string,
  to: Exclude<AppointmentStatus, 'requested'>,
): Promise<Appointment> {
  const i = actor.institute.id;
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.instituteId, i), eq(appointments.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw httpError(404, APPOINTMENT_MESSAGES.notFound);
  if (!APPOINTMENT_NEXT[row.status].includes(to))
    throw httpError(409, APPOINTMENT_MESSAGES.transitionRefused);
  if (to === 'confirmed') await refuseOverlap(tx, i, row.hostStaffId, row.startsAt, row.endsAt, row.id);
  let visitorId = row.visitorId;
  if (to === 'checked-in') {
    const [tie] =
      row.guardianId && row.studentId
        ? await tx
            .select({ relation: studentGuardians.relation })
            .from(studentGuardians)
            .where(
              and(
                eq(studentGuardians.instituteId, i),
                eq(studentGuardians.guardianId, row.guardianId),
                eq(studentGuardians.studentId, row.studentId),
              ),
            )
            .limit(1)
        : [];
    const visitor = await checkIn(
      tx,
      actor,
      {
        name: row.name,
        phone: row.phone,
        purpose: row.purpose,
        host_staff_id: row.hostStaffId,
        student_id: row.studentId,
        relation: row.studentId ? (tie?.relation ?? 'guardian') : null,
        persons: 1,
        id_proof_type: 'none',
        id_proof_last4: '',
        expected_minutes: Math.max(
          30,
          Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000) + 30,
        ),
      },
      row.id,
    );
    visitorId = visitor.id;
  }
  await tx
    .update(appointments)
    .set({ status: to, visitorId })
    .where(and(eq(appointments.instituteId, i), eq(appointments.id, id)));
  const a = await readAppointment(tx, actor, id);
  if (to === 'confirmed') await confirmed(tx, actor, a);
  // A parent who asked for the slot hears the desk's answer in the app (their "meeting" notices).
  if (row.requestedBy && (to === 'confirmed' || to === 'cancelled'))
    await createNotifications(tx, hub, [
      {
        instituteId: actor.institute.id,
        recipientId: row.requestedBy,
        type: 'info',
        title: to === 'confirmed' ? 'Appointment confirmed' : 'Appointment cancelled',
        message: `With ${a.host_name} on ${slotTime(new Date(a.starts_at))} (${a.purpose}).`,
        eventType: APPOINTMENT_EVENT,
        eventId: a.id,
      },
    ]);
  return a;
}

/** The notification event of the desk's answer to a parent's request (filed under meetings). */
export const APPOINTMENT_EVENT = 'appointment';

function listWhere(
  actor: Actor,
  q: Omit<AppointmentListQuery, 'page' | 'limit'>,
  own: boolean,
): SQL | undefined {
  const from = q.from ?? (own ? undefined : todayInIndia());
  return and(
    eq(appointments.instituteId, actor.institute.id),
    own ? eq(appointments.requestedBy, actor.userId) : undefined,
    from ? sql`${appointments.startsAt} >= ${dayBounds(from).from.toISOString()}` : undefined,
    from ? sql`${appointments.startsAt} < ${dayBounds(q.to ?? from).to.toISOString()}` : undefined,
    q.status ? eq(appointments.status, q.status) : undefined,
    q.host_staff_id ? eq(appointments.hostStaffId, q.host_staff_id) : undefined,
    searchIn(q.search, [appointments.name, appointments.phone, appointments.purpose]),
  );
}

/** The desk's list (a day, or `from`–`to`), or a parent's own requests (`own`). */
export function listAppointments(tx: Db, actor: Actor, q: AppointmentListQuery, own = false) {
  const where = listWhere(actor, q, own);
  return listPage({
    page: q.page,
    limit: q.limit,
    rows: async (limit, offset) =>
      await joined(tx)
        .where(where)
        .orderBy(
          ...orderFor(
            { starts_at: appointments.startsAt, name: appointments.name },
            q.sort,
            'starts_at',
            own && !q.sort ? 'desc' : q.order,
            appointments.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    countAll: async () =>
      (
        await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(appointments)
          .where(where)
      )[0]?.n ?? 0,
    toItem: (r) => toAppointment(r),
  });
}

/** Staff a slot may be booked with: the institute's active staff, by name. */
export async function listHosts(tx: Db, actor: Actor): Promise<Host[]> {
  return tx
    .select({ id: staff.id, name: hostName, designation: staff.designation })
    .from(staff)
    .where(and(eq(staff.instituteId, actor.institute.id), eq(staff.status, 'active')))
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id))
    .limit(500);
}

/** Today's appointments for the admin dashboard: all and still to come. */
export async function appointmentsToday(tx: Db, instituteId: string) {
  const { from, to } = dayBounds(todayInIndia());
  const [row] = await tx
    .select({
      total:
        sql<number>`count(*) filter (where ${appointments.status} not in ('cancelled', 'requested'))`.mapWith(
          Number,
        ),
      waiting: sql<number>`count(*) filter (where ${appointments.status} = 'confirmed')`.mapWith(Number),
      requested: sql<number>`count(*) filter (where ${appointments.status} = 'requested')`.mapWith(Number),
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.instituteId, instituteId),
        sql`${appointments.startsAt} >= ${from.toISOString()}`,
        sql`${appointments.startsAt} < ${to.toISOString()}`,
      ),
    );
  return { total: row?.total ?? 0, waiting: row?.waiting ?? 0, requested: row?.requested ?? 0 };
}
