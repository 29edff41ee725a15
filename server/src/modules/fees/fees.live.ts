import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inInstitute } from '../../kit/scope';
import { guardians, studentGuardians } from '../guardians';
import { students } from '../students';
import { feeOnlineOrders } from './online.table';

/**
 * Tells the open notification streams that a student's dues changed (`event: fees`), after the
 * change committed: the institute's fee staff, the student and their guardians (on every instance,
 * through the hub's relay). Their screens refetch what shows dues. Never fails the caller: a
 * missed event only leaves a screen as it was until its next fetch.
 */
export async function announceDuesChanged(app: FastifyInstance, instituteId: string, studentId: string) {
  try {
    const found = await inInstitute(app.database.db, instituteId, (tx) =>
      tx
        .select({ student: students.userId, guardian: guardians.userId })
        .from(students)
        .leftJoin(
          studentGuardians,
          and(
            eq(studentGuardians.instituteId, students.instituteId),
            eq(studentGuardians.studentId, students.id),
          ),
        )
        .leftJoin(
          guardians,
          and(
            eq(guardians.instituteId, studentGuardians.instituteId),
            eq(guardians.id, studentGuardians.guardianId),
            isNotNull(guardians.userId),
          ),
        )
        .where(and(eq(students.instituteId, instituteId), eq(students.id, studentId))),
    );
    const userIds = [...new Set(found.flatMap((r) => [r.student, r.guardian]))].filter(
      (id): id is string => !!id,
    );
    app.notificationHub.publishFees({ instituteId, studentId, userIds });
  } catch (error) {
    app.log.warn({ err: error, instituteId, studentId }, 'dues change not announced');
  }
}

/** The webhook posted an order's receipt: announce its student's dues. */
export async function announceOrderPaid(app: FastifyInstance, gatewayOrderId: string | null | undefined) {
  if (!gatewayOrderId) return;
  // On the owner role: the gateway names only its order id, so the order is found across
  // institutes; what follows is scoped to the institute it belongs to.
  const [order] = await app.database.db
    .select({ instituteId: feeOnlineOrders.instituteId, studentId: feeOnlineOrders.studentId })
    .from(feeOnlineOrders)
    .where(eq(feeOnlineOrders.gatewayOrderId, gatewayOrderId));
  if (order) await announceDuesChanged(app, order.instituteId, order.studentId);
}
