import { AUTH_MESSAGES, ROLES, type Role } from '@schooliko/common/auth';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { httpError } from '../../plugins/errors';
import { institutes } from '../institutes';
import { type ActionHandler, createNotifications, type NotificationPublisher } from '../notifications';
import { type Membership, type MembershipStatus, memberships, type User, users } from './auth.table';

export const MEMBERSHIP_EVENT = 'membership';

/** What a membership's status is, given its active and still requested roles. */
export function membershipStatus(roles: readonly Role[], requested: readonly Role[]): MembershipStatus {
  if (roles.length > 0) return 'active';
  return requested.length > 0 ? 'pending' : 'rejected';
}

/** Ids of the institute's active admins: who approves sign-ups. */
export async function activeAdminIds(db: Db, instituteId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.instituteId, instituteId),
        eq(memberships.status, 'active'),
        arrayContains(memberships.roles, ['admin']),
      ),
    );
  return rows.map((r) => r.userId);
}

export type MembershipRequest = {
  instituteId: string;
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;
  role: Role;
};

/** Asks every given admin (by default every active admin) to approve or reject each request. */
export async function notifyMembershipRequests(
  db: Db,
  hub: NotificationPublisher,
  requests: MembershipRequest[],
  adminIds?: string[],
): Promise<void> {
  const first = requests[0];
  if (!first) return;
  const admins = adminIds ?? (await activeAdminIds(db, first.instituteId));
  await createNotifications(
    db,
    hub,
    requests.flatMap(({ instituteId, user, role }) =>
      admins.map((recipientId) => ({
        instituteId,
        recipientId,
        type: 'membership-request' as const,
        title: 'New sign-up request',
        message: `${user.firstName} ${user.lastName} (${user.email}) asked to join as ${role}`,
        actions: ['approve' as const, 'reject' as const],
        eventType: MEMBERSHIP_EVENT,
        eventId: `${instituteId}:${user.id}:${role}`,
        data: { userId: user.id, role },
      })),
    ),
  );
}

/** Every request still waiting at an institute (told to its first admin when one appears). */
export async function pendingRequests(db: Db, instituteId: string): Promise<MembershipRequest[]> {
  const rows = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.instituteId, instituteId), sql`cardinality(${memberships.requestedRoles}) > 0`),
    );
  return rows.flatMap(({ membership, user }) =>
    membership.requestedRoles.map((role) => ({ instituteId, user, role })),
  );
}

function parseEventId(eventId: string): { instituteId: string; userId: string; role: Role } | null {
  const [instituteId, userId, role] = eventId.split(':');
  if (!instituteId || !userId || !ROLES.includes(role as Role)) return null;
  return { instituteId, userId, role: role as Role };
}

/**
 * Approve / Reject of a pending sign-up. Only an active admin of the institute may act; the
 * applicant is told the outcome. Runs inside the notification module's transaction.
 */
export const membershipAction: ActionHandler = async (ctx, eventId, action) => {
  const event = parseEventId(eventId);
  if (!event || event.instituteId !== ctx.instituteId) throw httpError(404, 'This request no longer exists');
  const admins = await activeAdminIds(ctx.db, ctx.instituteId);
  if (!admins.includes(ctx.actorId)) throw httpError(403, AUTH_MESSAGES.forbidden);

  const [membership]: Membership[] = await ctx.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.instituteId, event.instituteId), eq(memberships.userId, event.userId)))
    .for('update');
  if (!membership?.requestedRoles.includes(event.role)) throw httpError(409, AUTH_MESSAGES.requestHandled);

  const requested = membership.requestedRoles.filter((r) => r !== event.role);
  const roles =
    action === 'approve' && !membership.roles.includes(event.role)
      ? [...membership.roles, event.role]
      : membership.roles;
  await ctx.db
    .update(memberships)
    .set({ roles, requestedRoles: requested, status: membershipStatus(roles, requested) })
    .where(and(eq(memberships.instituteId, event.instituteId), eq(memberships.userId, event.userId)));
  await ctx.invalidate({ kind: 'membership', instituteId: event.instituteId, userId: event.userId });

  const [institute] = await ctx.db
    .select({ name: institutes.name })
    .from(institutes)
    .where(eq(institutes.id, event.instituteId));
  const place = institute?.name ?? 'the institute';
  await createNotifications(ctx.db, ctx.hub, [
    action === 'approve'
      ? {
          instituteId: event.instituteId,
          recipientId: event.userId,
          type: 'approval',
          title: 'Request approved',
          message: `Your request to join ${place} as ${event.role} was approved. You can sign in now.`,
          data: { role: event.role },
        }
      : {
          instituteId: event.instituteId,
          recipientId: event.userId,
          type: 'rejection',
          title: 'Request declined',
          message: `Your request to join ${place} as ${event.role} was declined.`,
          data: { role: event.role },
        },
  ]);
  return { message: action === 'approve' ? AUTH_MESSAGES.requestApproved : AUTH_MESSAGES.requestRejected };
};
