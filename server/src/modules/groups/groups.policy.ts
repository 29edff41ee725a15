import type { Role } from '@schooliko/common/auth';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutes } from '../../platform/institutes';
import { httpError } from '../../plugins/errors';
import { type GroupDirectorRow, type GroupRow, groupDirectors } from './groups.table';

/** Who is acting: the signed-in user, the institute of their session and its role. */
export type Actor = { userId: string; instituteId: string; role: Role };

/** Spec 6.3: only directors create groups, find groups and ask to join them. */
export const GROUP_DIRECTOR_ROLES: readonly Role[] = ['director'];
/** Who may list and search groups (the Create Website picker and the Find Group dialog). */
export const GROUP_BROWSER_ROLES: readonly Role[] = ['admin', 'director'];

export async function directorLink(
  db: Db,
  groupId: string,
  userId: string,
): Promise<GroupDirectorRow | null> {
  const [row] = await db
    .select()
    .from(groupDirectors)
    .where(and(eq(groupDirectors.groupId, groupId), eq(groupDirectors.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * A group's details (contact, address, institutes, directors) are for its directors and for
 * the admins and directors of institutes in it. Anyone else sees only the picker entry.
 */
export async function assertCanReadGroup(
  db: Db,
  actor: Actor,
  group: GroupRow,
): Promise<GroupDirectorRow | null> {
  const link = await directorLink(db, group.id, actor.userId);
  if (link) return link;
  if (GROUP_BROWSER_ROLES.includes(actor.role)) {
    const [own] = await db
      .select({ groupId: institutes.groupId })
      .from(institutes)
      .where(eq(institutes.id, actor.instituteId))
      .limit(1);
    if (own?.groupId === group.id) return null;
  }
  throw httpError(403, GROUP_MESSAGES.notAMember);
}

/** Changing a group is for its directors (spec 6.3). */
export async function assertGroupDirector(db: Db, actor: Actor, groupId: string): Promise<GroupDirectorRow> {
  const link = await directorLink(db, groupId, actor.userId);
  if (!link) throw httpError(403, GROUP_MESSAGES.notADirectorOfGroup);
  return link;
}

export type DirectorFlags = { isPrimaryDirector?: boolean; isPrincipal?: boolean };

/**
 * A director may always give up their own flags; taking one on (primary director, principal)
 * needs full rights over the group: being a primary director or its creator.
 */
export function assertMayChangeFlags(link: GroupDirectorRow, group: GroupRow, flags: DirectorFlags) {
  const gains =
    (flags.isPrimaryDirector === true && !link.isPrimary) ||
    (flags.isPrincipal === true && !link.isPrincipal);
  if (gains && !link.isPrimary && group.createdBy !== link.userId)
    throw httpError(403, GROUP_MESSAGES.onlyPrimaryMayChangeRoles);
}
