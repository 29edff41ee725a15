import { pagination } from '@schooliko/common/http';
import {
  CHANGE_REQUEST_MESSAGES,
  type ChangeRequest,
  type ChangeRequestListQuery,
  type CreateChangeRequest,
  guardianChangesSchema,
  studentChangesSchema,
} from '@schooliko/common/people/change-requests';
import { and, arrayContains, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { memberships, users } from '../../platform/auth';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { guardians } from '../guardians';
import { studentColumns, students } from '../students';
import { ownGuardian, ownStudent, visibleRequests } from './change-requests.policy';
import { type ChangeRequestRow, changeRequests } from './change-requests.table';

/** The columns a request may change, by the field name the request uses. */
const STUDENT_COLUMNS = { address: 'address', city: 'city', state: 'state', pincode: 'pincode' } as const;
const GUARDIAN_COLUMNS = {
  phone: 'phone',
  email: 'email',
  address: 'address',
  occupation: 'occupation',
} as const;

/** The fields a request names, in the form's order (jsonb keeps keys in its own order). */
function fieldsOf(entity: 'student' | 'guardian', changes: Record<string, unknown>): string {
  const order = Object.keys(entity === 'student' ? STUDENT_COLUMNS : GUARDIAN_COLUMNS);
  return order.filter((k) => k in changes).join(', ');
}

type Target = { name: string; values: Record<string, unknown> };

/** The records named by these requests, with their current values of the fields one may ask for. */
async function targetsOf(tx: Db, instituteId: string, rows: Pick<ChangeRequestRow, 'entity' | 'entityId'>[]) {
  const ids = (entity: string) => rows.filter((r) => r.entity === entity).map((r) => r.entityId);
  const found = new Map<string, Target>();
  const studentIds = ids('student');
  if (studentIds.length)
    for (const s of await tx
      .select()
      .from(students)
      .where(and(eq(students.instituteId, instituteId), inArray(students.id, studentIds))))
      found.set(`student:${s.id}`, {
        name: fullName(s),
        values: { address: s.address, city: s.city, state: s.state, pincode: s.pincode },
      });
  const guardianIds = ids('guardian');
  if (guardianIds.length)
    for (const g of await tx
      .select()
      .from(guardians)
      .where(and(eq(guardians.instituteId, instituteId), inArray(guardians.id, guardianIds))))
      found.set(`guardian:${g.id}`, {
        name: g.name,
        values: { phone: g.phone, email: g.email, address: g.address, occupation: g.occupation },
      });
  return found;
}

function toChangeRequest(row: ChangeRequestRow, target: Target | undefined): ChangeRequest {
  return {
    id: row.id,
    entity: row.entity,
    entity_id: row.entityId,
    entity_name: target?.name ?? '',
    changes: row.changes,
    current: Object.fromEntries(Object.keys(row.changes).map((k) => [k, target?.values[k] ?? null])),
    note: row.note,
    status: row.status,
    requested_by: row.requestedBy,
    requested_by_name: row.requestedByName,
    review_note: row.reviewNote,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

async function present(tx: Db, actor: Actor, row: ChangeRequestRow): Promise<ChangeRequest> {
  const targets = await targetsOf(tx, actor.institute.id, [row]);
  return toChangeRequest(row, targets.get(`${row.entity}:${row.entityId}`));
}

async function nameOf(tx: Db, userId: string): Promise<string> {
  const [u] = await tx
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ? `${u.first} ${u.last}`.trim() : '';
}

/** The caller's own record of this kind, or 404 (another's, or another institute's). */
async function ownRecordName(tx: Db, actor: Actor, input: CreateChangeRequest): Promise<string> {
  if (input.entity === 'student') {
    const [s] = await tx
      .select()
      .from(students)
      .where(
        and(
          eq(students.instituteId, actor.institute.id),
          eq(students.id, input.entity_id),
          ownStudent(tx, actor),
        ),
      )
      .limit(1);
    if (s) return fullName(s);
  } else {
    const [g] = await tx
      .select({ name: guardians.name })
      .from(guardians)
      .where(
        and(
          eq(guardians.instituteId, actor.institute.id),
          eq(guardians.id, input.entity_id),
          ownGuardian(actor),
        ),
      )
      .limit(1);
    if (g) return g.name;
  }
  throw httpError(404, CHANGE_REQUEST_MESSAGES.recordNotFound);
}

/**
 * A parent or student asks to change their record. Nothing changes yet: the institute's admins
 * are told, and the change applies only when one of them approves it.
 */
export async function createChangeRequest(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  input: CreateChangeRequest,
): Promise<ChangeRequest> {
  const entityName = await ownRecordName(tx, actor, input);
  const requesterName = await nameOf(tx, actor.userId);
  const [row] = await tx
    .insert(changeRequests)
    .values({
      instituteId: actor.institute.id,
      entity: input.entity,
      entityId: input.entity_id,
      changes: input.changes,
      note: input.note,
      requestedBy: actor.userId,
      requestedByName: requesterName,
    })
    .returning();
  if (!row) throw new Error('change request not stored');
  const admins = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.instituteId, actor.institute.id),
        eq(memberships.status, 'active'),
        arrayContains(memberships.roles, ['admin']),
      ),
    )
    .limit(50);
  await createNotifications(
    tx,
    hub,
    admins.map((a) => ({
      instituteId: actor.institute.id,
      recipientId: a.userId,
      type: 'info' as const,
      title: 'Change request',
      message: `${requesterName} asked to change ${entityName}'s ${fieldsOf(input.entity, input.changes)}.`,
      eventType: 'change-request',
      eventId: row.id,
    })),
  );
  return present(tx, actor, row);
}

export async function listChangeRequests(tx: Db, actor: Actor, query: ChangeRequestListQuery) {
  const where = and(
    visibleRequests(actor),
    query.status ? eq(changeRequests.status, query.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(changeRequests)
    .where(where)
    .orderBy(desc(changeRequests.createdAt), desc(changeRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await tx.select({ n: count() }).from(changeRequests).where(where);
  const targets = await targetsOf(tx, actor.institute.id, rows);
  return {
    items: rows.map((r) => toChangeRequest(r, targets.get(`${r.entity}:${r.entityId}`))),
    pagination: pagination(query, total?.n ?? 0),
  };
}

/** Writes the asked-for values to the record, with an audit row, in the reviewer's transaction. */
async function applyChanges(tx: Db, actor: Actor, row: ChangeRequestRow): Promise<void> {
  const where = <T extends typeof students | typeof guardians>(table: T) =>
    and(eq(table.instituteId, actor.institute.id), eq(table.id, row.entityId));
  if (row.entity === 'student') {
    const changes = studentChangesSchema.parse(row.changes);
    const set = Object.fromEntries(
      Object.entries(changes).map(([k, v]) => [STUDENT_COLUMNS[k as keyof typeof STUDENT_COLUMNS], v]),
    );
    const [before] = await tx.select(studentColumns).from(students).where(where(students)).limit(1);
    const [after] = await tx.update(students).set(set).where(where(students)).returning();
    if (!before || !after) throw httpError(404, CHANGE_REQUEST_MESSAGES.recordNotFound);
    await recordChange(tx, actor, {
      entity: 'student',
      entityId: row.entityId,
      action: 'change-request',
      before,
      after,
    });
  } else {
    const changes = guardianChangesSchema.parse(row.changes);
    const set = Object.fromEntries(
      Object.entries(changes).map(([k, v]) => [GUARDIAN_COLUMNS[k as keyof typeof GUARDIAN_COLUMNS], v]),
    );
    const [before] = await tx.select().from(guardians).where(where(guardians)).limit(1);
    const [after] = await tx.update(guardians).set(set).where(where(guardians)).returning();
    if (!before || !after) throw httpError(404, CHANGE_REQUEST_MESSAGES.recordNotFound);
    await recordChange(tx, actor, {
      entity: 'guardian',
      entityId: row.entityId,
      action: 'change-request',
      before,
      after,
    });
  }
}

/**
 * Approves (applying the change) or rejects a pending request; the requester is told either way.
 * A request already decided answers 409, also when two reviewers decide at once.
 */
export async function decideChangeRequest(
  tx: Db,
  hub: NotificationPublisher,
  actor: Actor,
  id: string,
  decision: 'approved' | 'rejected',
  note: string,
): Promise<ChangeRequest> {
  const [pending] = await tx
    .select()
    .from(changeRequests)
    .where(and(visibleRequests(actor), eq(changeRequests.id, id)))
    .limit(1)
    .for('update');
  if (!pending) throw httpError(404, CHANGE_REQUEST_MESSAGES.notFound);
  if (pending.status !== 'pending') throw httpError(409, CHANGE_REQUEST_MESSAGES.alreadyDecided);
  if (decision === 'approved') await applyChanges(tx, actor, pending);
  const [row] = await tx
    .update(changeRequests)
    .set({ status: decision, reviewedBy: actor.userId, reviewNote: note, reviewedAt: new Date() })
    .where(
      and(
        eq(changeRequests.instituteId, actor.institute.id),
        eq(changeRequests.id, id),
        eq(changeRequests.status, 'pending'),
      ),
    )
    .returning();
  if (!row) throw httpError(409, CHANGE_REQUEST_MESSAGES.alreadyDecided);
  const result = await present(tx, actor, row);
  const what = `${result.entity_name}'s ${fieldsOf(row.entity, row.changes)}`;
  await createNotifications(tx, hub, [
    {
      instituteId: actor.institute.id,
      recipientId: row.requestedBy,
      type: decision === 'approved' ? 'approval' : 'rejection',
      title: decision === 'approved' ? 'Change request approved' : 'Change request rejected',
      message:
        decision === 'approved'
          ? `Your request to change ${what} was approved.${note ? ` ${note}` : ''}`
          : `Your request to change ${what} was not approved.${note ? ` ${note}` : ''}`,
      eventType: 'change-request',
      eventId: row.id,
    },
  ]);
  return result;
}
