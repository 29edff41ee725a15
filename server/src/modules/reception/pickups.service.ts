import { todayInIndia } from '@schooliko/common/kit/dates';
import { type Pickup, type PickupInput, VISITOR_MESSAGES } from '@schooliko/common/reception/visitors';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPage, totalRows } from '../../kit/list-page';
import { personName, personNameOrNull } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { users } from '../../platform/auth';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { classes, sections } from '../classes';
import { guardians, studentGuardians } from '../guardians';
import { staff } from '../staff';
import { students } from '../students';
import { studentPickups } from './reception.table';
import { dayBounds, requireStudent } from './visitors.service';

export type PickupOutcome = { allowed: true; pickup: Pickup } | { allowed: false; pickup: Pickup };

/**
 * A child leaves with someone (MODULES.md section 2: only a registered authorised pick-up). Either
 * way the attempt is recorded; a refusal also tells the class teacher in the app. The caller
 * answers a refusal with its coded 422 after this transaction has committed, so the record and
 * the note stay.
 */
export async function recordPickup(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  input: PickupInput,
): Promise<PickupOutcome> {
  const i = actor.institute.id;
  const student = await requireStudent(tx, i, input.student_id);
  let tie: { name: string; phone: string; relation: string; authorised: boolean } | undefined;
  if (input.guardian_id) {
    [tie] = await tx
      .select({
        name: guardians.name,
        phone: guardians.phone,
        relation: studentGuardians.relation,
        authorised: studentGuardians.authorisedPickup,
      })
      .from(studentGuardians)
      .innerJoin(
        guardians,
        and(
          eq(guardians.instituteId, studentGuardians.instituteId),
          eq(guardians.id, studentGuardians.guardianId),
        ),
      )
      .where(
        and(
          eq(studentGuardians.instituteId, i),
          eq(studentGuardians.studentId, student.id),
          eq(studentGuardians.guardianId, input.guardian_id),
        ),
      )
      .limit(1);
  }
  const allowed = tie?.authorised === true;
  const taker = tie?.name ?? (input.person_name || '—');
  const [row] = await tx
    .insert(studentPickups)
    .values({
      instituteId: i,
      studentId: student.id,
      guardianId: tie ? input.guardian_id : null,
      personName: taker,
      phone: tie?.phone ?? input.phone,
      relation: tie?.relation ?? null,
      allowed,
      recordedBy: actor.userId,
    })
    .returning({ id: studentPickups.id });
  if (!row) throw new Error('pick-up not recorded');
  if (!allowed) await tellClassTeacher(tx, hub, i, student, taker, row.id);
  const pickup = (
    await pickupsWhere(tx, and(eq(studentPickups.instituteId, i), eq(studentPickups.id, row.id)), 1, 0)
  )[0];
  if (!pickup) throw new Error('pick-up not found');
  return { allowed, pickup: toPickup(pickup) };
}

async function tellClassTeacher(
  tx: Db,
  hub: NotificationPublisher,
  instituteId: string,
  student: { id: string; sectionId: string | null; name: string | null },
  taker: string,
  pickupId: string,
) {
  if (!student.sectionId) return;
  const [teacher] = await tx
    .select({ userId: staff.userId })
    .from(sections)
    .innerJoin(staff, and(eq(staff.instituteId, sections.instituteId), eq(staff.id, sections.classTeacherId)))
    .where(and(eq(sections.instituteId, instituteId), eq(sections.id, student.sectionId)))
    .limit(1);
  if (!teacher?.userId) return;
  await createNotifications(tx, hub, [
    {
      instituteId,
      recipientId: teacher.userId,
      type: 'info',
      title: 'Pick-up refused',
      message: `${taker} tried to take ${student.name ?? 'a student'} from school and is not an authorised pick-up. The student was kept at school.`,
      eventType: 'student-pickup-refused',
      eventId: pickupId,
      data: { student_id: student.id },
    },
  ]);
}

const recorder = sql<string>`coalesce(${personNameOrNull(users)}, '')`;

function pickupsWhere(tx: Db, where: ReturnType<typeof and>, limit: number, offset: number) {
  return tx
    .select({
      row: studentPickups,
      studentName: personName(students),
      classLabel: sql<
        string | null
      >`case when ${classes.name} is null then null else ${classes.name} || '-' || ${sections.name} end`,
      recordedByName: recorder,
      total: totalRows,
    })
    .from(studentPickups)
    .innerJoin(
      students,
      and(eq(students.instituteId, studentPickups.instituteId), eq(students.id, studentPickups.studentId)),
    )
    .leftJoin(
      sections,
      and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
    )
    .leftJoin(classes, and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId)))
    .leftJoin(users, eq(users.id, studentPickups.recordedBy))
    .where(where)
    .orderBy(desc(studentPickups.pickedUpAt), desc(studentPickups.id))
    .limit(limit)
    .offset(offset);
}

type PickupJoined = Awaited<ReturnType<typeof pickupsWhere>>[number];
function toPickup(p: PickupJoined): Pickup {
  return {
    id: p.row.id,
    student_id: p.row.studentId,
    student_name: p.studentName,
    class_label: p.classLabel,
    guardian_id: p.row.guardianId,
    person_name: p.row.personName,
    relation: p.row.relation,
    allowed: p.row.allowed,
    picked_up_at: p.row.pickedUpAt.toISOString(),
    recorded_by_name: p.recordedByName,
  };
}

/** A day's pick-ups (allowed and refused), newest first. */
export function listPickups(
  tx: Db,
  actor: Actor,
  q: { page: number; limit: number; date?: string | undefined },
) {
  const { from, to } = dayBounds(q.date ?? todayInIndia());
  const where = and(
    eq(studentPickups.instituteId, actor.institute.id),
    sql`${studentPickups.pickedUpAt} >= ${from.toISOString()}`,
    sql`${studentPickups.pickedUpAt} < ${to.toISOString()}`,
  );
  return listPage({
    page: q.page,
    limit: q.limit,
    rows: (limit, offset) => pickupsWhere(tx, where, limit, offset),
    countAll: async () =>
      (
        await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(studentPickups)
          .where(where)
      )[0]?.n ?? 0,
    toItem: toPickup,
  });
}

export const PICKUP_REFUSED = (status = 422) => httpError(status, VISITOR_MESSAGES.pickupNotAuthorised);
