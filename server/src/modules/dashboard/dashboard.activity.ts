import { APPROVAL_ROLES, type Role } from '@schooliko/common/auth';
import { type Activity, RECENT_ACTIVITY_LIMIT } from '@schooliko/common/dashboard';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import { memberships, users } from '../../platform/auth';
import { groupJoinRequests } from '../group-requests';
import { groups } from '../groups';

/** A decision is an update well after the sign-up itself (not the sign-up's own write). */
const decidedLater = (created: Date, updated: Date) => updated.getTime() - created.getTime() > 1_000;

/**
 * The latest events at one institute, newest first: sign-ups and their approval or rejection,
 * the institute's group being created, and its directors' requests to join groups. Each source
 * reads at most `limit` rows, so the cost does not grow with the institute.
 */
export async function recentActivity(
  db: Db,
  institute: { id: string; groupId: string | null },
  limit = RECENT_ACTIVITY_LIMIT,
): Promise<Activity[]> {
  const [signUps, decisions, requests, decided, group] = await Promise.all([
    db
      .select({ m: memberships, u: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.instituteId, institute.id))
      .orderBy(desc(memberships.createdAt))
      .limit(limit),
    db
      .select({ m: memberships, u: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.instituteId, institute.id),
          sql`${memberships.updatedAt} > ${memberships.createdAt} + interval '1 second'`,
        ),
      )
      .orderBy(desc(memberships.updatedAt))
      .limit(limit),
    db
      .select({ r: groupJoinRequests, u: users, groupName: groups.name })
      .from(groupJoinRequests)
      .innerJoin(users, eq(users.id, groupJoinRequests.requesterId))
      .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
      .where(eq(groupJoinRequests.instituteId, institute.id))
      .orderBy(desc(groupJoinRequests.createdAt))
      .limit(limit),
    db
      .select({ r: groupJoinRequests, u: users, groupName: groups.name })
      .from(groupJoinRequests)
      .innerJoin(users, eq(users.id, groupJoinRequests.requesterId))
      .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
      .where(and(eq(groupJoinRequests.instituteId, institute.id), isNotNull(groupJoinRequests.decidedAt)))
      .orderBy(desc(groupJoinRequests.decidedAt))
      .limit(limit),
    institute.groupId
      ? db
          .select({ g: groups, u: users })
          .from(groups)
          .leftJoin(users, eq(users.id, groups.createdBy))
          .where(eq(groups.id, institute.groupId))
          .limit(1)
      : Promise.resolve([]),
  ]);

  const events: Activity[] = [];
  for (const { m, u } of signUps) {
    events.push({
      id: `signup:${m.userId}`,
      kind: 'member-signed-up',
      actor_name: fullName(u),
      roles: [...new Set<Role>([...m.roles, ...m.requestedRoles])],
      group_name: null,
      at: m.createdAt.toISOString(),
    });
  }
  for (const { m, u } of decisions) {
    if (!decidedLater(m.createdAt, m.updatedAt)) continue;
    const approved = m.roles.filter((r) => APPROVAL_ROLES.includes(r));
    if (m.status === 'rejected' || approved.length > 0)
      events.push({
        id: `decision:${m.userId}`,
        kind: m.status === 'rejected' ? 'member-rejected' : 'member-approved',
        actor_name: fullName(u),
        roles: m.status === 'rejected' ? [] : approved,
        group_name: null,
        at: m.updatedAt.toISOString(),
      });
  }
  for (const { r, u, groupName } of requests) {
    events.push({
      id: `join:${r.id}`,
      kind: 'group-join-requested',
      actor_name: fullName(u),
      roles: ['director'],
      group_name: groupName,
      at: r.createdAt.toISOString(),
    });
  }
  for (const { r, u, groupName } of decided) {
    if (!r.decidedAt || (r.status !== 'joined' && r.status !== 'rejected')) continue;
    events.push({
      id: `join-decided:${r.id}`,
      kind: r.status === 'joined' ? 'group-join-approved' : 'group-join-rejected',
      actor_name: fullName(u),
      roles: ['director'],
      group_name: groupName,
      at: r.decidedAt.toISOString(),
    });
  }
  for (const { g, u } of group) {
    events.push({
      id: `group:${g.id}`,
      kind: 'group-created',
      actor_name: u ? fullName(u) : '',
      roles: ['director'],
      group_name: g.name,
      at: g.createdAt.toISOString(),
    });
  }
  return events.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id)).slice(0, limit);
}
