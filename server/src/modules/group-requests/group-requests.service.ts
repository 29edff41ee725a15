import type { JoinRequest, JoinStatus } from '@schooliko/common/group-requests';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../platform/auth';
import { institutes } from '../../platform/institutes';
import { type Notification, notifications } from '../../platform/notifications';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { type ChangedInstitute, findGroup, groupDirectors, groups, linkInstitute } from '../groups';
import type { Actor } from '../groups/groups.policy';
import { assertMayCancel, assertMayDecide } from './group-requests.policy';
import { groupJoinRequests, type JoinRequestRow } from './group-requests.table';

/** The notification event whose Approve / Reject buttons act on a join request. */
export const GROUP_JOIN_EVENT = 'group-join';

export type RequestCtx = Actor & { hub: NotificationPublisher };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in a transaction; the notifications it creates reach live streams only after the
 * commit (a rolled-back request must not have announced itself).
 */
async function withOutbox<T>(
  db: Db,
  hub: NotificationPublisher,
  work: (tx: Db, outbox: NotificationPublisher) => Promise<T>,
) {
  const pending: Notification[] = [];
  const result = await db.transaction((tx) => work(tx, { publish: (n) => pending.push(n) }));
  for (const n of pending) hub.publish(n);
  return result;
}

function toJoinRequest(row: JoinRequestRow, groupName: string): JoinRequest {
  return {
    _id: row.id,
    status: row.status,
    message: row.message,
    group_data: { group_id: row.groupId, group_name: groupName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function requireRequest(db: Db, id: string): Promise<JoinRequestRow> {
  const [row] = UUID.test(id)
    ? await db.select().from(groupJoinRequests).where(eq(groupJoinRequests.id, id)).limit(1)
    : [];
  if (!row) throw httpError(404, GROUP_MESSAGES.requestNotFound);
  return row;
}

/**
 * Every copy of the request's notifications loses its buttons (the primaries may sit at several
 * institutes); a decision also tells the bell who made it and which it was.
 */
async function closeRequestNotifications(
  db: Db,
  requestId: string,
  decided?: { by: string; action: 'approve' | 'reject' },
) {
  await db
    .update(notifications)
    .set({ actedAt: sql`now()`, actedBy: decided?.by, actedAction: decided?.action })
    .where(
      and(
        eq(notifications.eventType, GROUP_JOIN_EVENT),
        eq(notifications.eventId, requestId),
        isNull(notifications.actedAt),
      ),
    );
}

/** Spec 7.2 join-request: a director asks to join a group; its primary directors are told. */
export async function requestToJoin(
  db: Db,
  ctx: RequestCtx,
  input: { group_id: string; message: string },
): Promise<JoinRequest> {
  return withOutbox(db, ctx.hub, async (tx, outbox) => {
    const group = await findGroup(tx, input.group_id);
    if (group?.status !== 'active') throw httpError(404, GROUP_MESSAGES.notFound);
    const [already] = await tx
      .select({ one: sql`1` })
      .from(groupDirectors)
      .where(and(eq(groupDirectors.groupId, group.id), eq(groupDirectors.userId, ctx.userId)))
      .limit(1);
    if (already) throw httpError(409, GROUP_MESSAGES.alreadyDirector);
    // The partial unique index keeps one pending request per director and group, even under races.
    const [row] = await tx
      .insert(groupJoinRequests)
      .values({
        instituteId: ctx.instituteId,
        groupId: group.id,
        requesterId: ctx.userId,
        message: input.message,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw httpError(409, GROUP_MESSAGES.alreadyPending);

    const [who] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, institute: institutes.name })
      .from(users)
      .innerJoin(institutes, eq(institutes.id, ctx.instituteId))
      .where(eq(users.id, ctx.userId))
      .limit(1);
    const name = who ? `${who.firstName} ${who.lastName}`.trim() : 'A director';
    const primaries = await tx
      .select({ userId: groupDirectors.userId, instituteId: groupDirectors.instituteId })
      .from(groupDirectors)
      .where(and(eq(groupDirectors.groupId, group.id), eq(groupDirectors.isPrimary, true)));
    await createNotifications(
      tx,
      outbox,
      primaries.map((p) => ({
        instituteId: p.instituteId,
        recipientId: p.userId,
        type: 'join-request' as const,
        title: GROUP_MESSAGES.joinRequestTitle.text,
        message: GROUP_MESSAGES.joinRequestMessage(name, who?.institute ?? '', group.name).text,
        actions: ['approve' as const, 'reject' as const],
        eventType: GROUP_JOIN_EVENT,
        eventId: row.id,
        data: { group_id: group.id, request_id: row.id, message: input.message },
      })),
    );
    return toJoinRequest(row, group.name);
  });
}

/** Spec 7.2 delete-request: the requester withdraws a pending request. */
export async function cancelRequest(db: Db, ctx: Actor, requestId: string): Promise<JoinRequest> {
  return db.transaction(async (tx) => {
    const request = await requireRequest(tx, requestId);
    assertMayCancel(ctx, request);
    const [row] = await tx
      .update(groupJoinRequests)
      .set({ status: 'deleted' })
      .where(and(eq(groupJoinRequests.id, request.id), eq(groupJoinRequests.status, 'pending')))
      .returning();
    if (!row) throw httpError(409, GROUP_MESSAGES.requestClosed);
    await closeRequestNotifications(tx, row.id);
    const group = await findGroup(tx, row.groupId);
    return toJoinRequest(row, group?.name ?? '');
  });
}

/**
 * Approve or reject, from POST /api/group-requests or from the notification's buttons. Approving
 * makes the requester a director of the group (not primary) and puts their institute in the
 * group unless it already has one; either way the requester is told.
 */
export async function decideRequest(
  db: Db,
  ctx: { userId: string; hub: NotificationPublisher },
  requestId: string,
  decision: 'approve' | 'reject',
): Promise<{ request: JoinRequest; changed: ChangedInstitute | null }> {
  return withOutbox(db, ctx.hub, async (tx, outbox) => {
    const request = await requireRequest(tx, requestId);
    await assertMayDecide(tx, ctx.userId, request);
    const status = decision === 'approve' ? 'joined' : 'rejected';
    const [row] = await tx
      .update(groupJoinRequests)
      .set({ status, decidedBy: ctx.userId, decidedAt: sql`now()` })
      .where(and(eq(groupJoinRequests.id, request.id), eq(groupJoinRequests.status, 'pending')))
      .returning();
    if (!row) throw httpError(409, GROUP_MESSAGES.requestClosed);
    const [group] = await tx.select().from(groups).where(eq(groups.id, row.groupId)).limit(1);
    const groupName = group?.name ?? '';

    let changed: ChangedInstitute | null = null;
    if (decision === 'approve') {
      await tx
        .insert(groupDirectors)
        .values({ groupId: row.groupId, userId: row.requesterId, instituteId: row.instituteId })
        .onConflictDoNothing();
      changed = await linkInstitute(tx, row.instituteId, row.groupId);
    }
    await closeRequestNotifications(tx, row.id, { by: ctx.userId, action: decision });
    await createNotifications(tx, outbox, [
      {
        instituteId: row.instituteId,
        recipientId: row.requesterId,
        type: decision === 'approve' ? 'approval' : 'rejection',
        title: (decision === 'approve' ? GROUP_MESSAGES.joinedTitle : GROUP_MESSAGES.rejectedTitle).text,
        message: (decision === 'approve'
          ? GROUP_MESSAGES.joined(groupName)
          : GROUP_MESSAGES.rejected(groupName)
        ).text,
        data: { group_id: row.groupId, request_id: row.id },
      },
    ]);
    return { request: toJoinRequest(row, groupName), changed };
  });
}

/** Spec 3.7 / 4.5: the caller's requests that are not withdrawn, newest change first. */
export async function joinStatus(db: Db, ctx: Actor): Promise<JoinStatus> {
  const rows = await db
    .select({ request: groupJoinRequests, groupName: groups.name })
    .from(groupJoinRequests)
    .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
    .where(and(eq(groupJoinRequests.requesterId, ctx.userId), ne(groupJoinRequests.status, 'deleted')))
    .orderBy(desc(groupJoinRequests.updatedAt), desc(groupJoinRequests.createdAt))
    .limit(50);
  const join_requests: JoinStatus['join_requests'] = {};
  for (const r of rows) join_requests[r.request.id] = toJoinRequest(r.request, r.groupName);
  const latest = rows[0]?.request;
  return {
    join_requests,
    has_pending_requests: rows.some((r) => r.request.status === 'pending'),
    latest_status: latest?.status ?? null,
    latest_request_id: latest?.id ?? null,
  };
}
