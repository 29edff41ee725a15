import { APPROVAL_ROLES, type Role } from '@schooliko/common/auth';
import { type Activity, RECENT_ACTIVITY_LIMIT } from '@schooliko/common/dashboard';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import { recentChanges } from '../../platform/audit';
import { memberships, users } from '../../platform/auth';
import { recentReceipts } from '../fees';
import { groupJoinRequests } from '../group-requests';
import { groups } from '../groups';

/** A decision is an update well after the sign-up itself (not the sign-up's own write). */
const decidedLater = (created: Date, updated: Date) => updated.getTime() - created.getTime() > 1_000;

/**
 * The latest events at one institute, newest first: sign-ups and their approval or rejection,
 * the institute's group being created, its directors' requests to join groups, and the school's
 * own work: pupils admitted and fees received, each by whom (issue 32). Each source reads at most
 * `limit` rows by an index, so the cost does not grow with the institute.
 */
export async function recentActivity(
  db: Db,
  institute: { id: string; groupId: string | null },
  limit = RECENT_ACTIVITY_LIMIT,
): Promise<Activity[]> {
  const [signUps, decisions, requests, decided, group, admitted, receipts] = await Promise.all([
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
    recentChanges(db, institute.id, { entity: 'student', action: 'create' }, limit),
    recentReceipts(db, institute.id, limit),
  ]);

  const events: Activity[] = [];
  for (const { m, u } of signUps) {
    events.push({
      id: `signup:${m.userId}`,
      kind: 'member-signed-up',
      actor_name: fullName(u),
      roles: [...new Set<Role>([...m.roles, ...m.requestedRoles])],
      group_name: null,
      subject: null,
      amount_paise: null,
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
        subject: null,
        amount_paise: null,
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
      subject: null,
      amount_paise: null,
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
      subject: null,
      amount_paise: null,
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
      subject: null,
      amount_paise: null,
      at: g.createdAt.toISOString(),
    });
  }
  for (const a of admitted) {
    const pupil = a.after as { firstName?: string; middleName?: string | null; lastName?: string };
    events.push({
      id: `admitted:${a.entityId}`,
      kind: 'pupil-admitted',
      actor_name: a.by ?? '',
      roles: [],
      group_name: null,
      subject: fullName({
        firstName: pupil.firstName ?? '',
        middleName: pupil.middleName,
        lastName: pupil.lastName ?? '',
      }),
      amount_paise: null,
      at: a.at.toISOString(),
    });
  }
  for (const r of receipts)
    events.push({
      id: `receipt:${r.id}`,
      kind: 'fee-received',
      actor_name: r.by,
      roles: [],
      group_name: null,
      subject: r.pupil,
      amount_paise: r.amountPaise,
      at: r.at.toISOString(),
    });
  return events.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id)).slice(0, limit);
}
