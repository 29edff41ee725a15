import type { DirectorData, DirectorProfileUpdateInput } from '@schooliko/common/directors';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { httpError } from '../../plugins/errors';
import { type Actor, assertGroupDirector, findGroup, groupDirectors, groups, setOwnFlags } from '../groups';
import type { LogoStorage } from '../groups/groups.logo';
import { assertOwnProfile } from './directors.policy';

/** Spec 3.6: the director's links to groups, and the group they created last. */
export async function directorProfile(db: Db, actor: Actor, directorId: string): Promise<DirectorData> {
  assertOwnProfile(actor, directorId);
  const links = await db
    .select({
      groupId: groupDirectors.groupId,
      groupName: groups.name,
      isPrimary: groupDirectors.isPrimary,
      isPrincipal: groupDirectors.isPrincipal,
    })
    .from(groupDirectors)
    .innerJoin(groups, eq(groups.id, groupDirectors.groupId))
    .where(eq(groupDirectors.userId, directorId))
    .orderBy(asc(groupDirectors.createdAt));
  const [created] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.createdBy, directorId))
    .orderBy(desc(groups.createdAt))
    .limit(1);
  return {
    director_id: directorId,
    institute_groups: links.map((l) => ({
      group_id: l.groupId,
      group_name: l.groupName,
      isPrimaryDirector: l.isPrimary,
      isPrincipal: l.isPrincipal,
    })),
    created_group: created ? { group_id: created.id } : null,
    current_group_id: created?.id ?? links[0]?.groupId ?? null,
  };
}

/**
 * Spec 4.8 step two: after creating a group the form sends its data here. The flags change the
 * director's own link; name, type, description and logo change the group (its directors only).
 */
export async function updateDirectorProfile(
  db: Db,
  ctx: Actor & { logos: LogoStorage },
  directorId: string,
  input: DirectorProfileUpdateInput,
): Promise<DirectorData> {
  assertOwnProfile(ctx, directorId);
  const data = input.group_data;
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, data.group_id);
    if (!group) throw httpError(404, GROUP_MESSAGES.notFound);
    await assertGroupDirector(tx, ctx, group.id);
    await setOwnFlags(tx, ctx, group, data);
    const set = {
      ...(data.group_name === undefined ? {} : { name: data.group_name }),
      ...(data.group_type === undefined ? {} : { type: data.group_type }),
      ...(data.group_description === undefined ? {} : { description: data.group_description }),
      ...(data.group_logo === undefined
        ? {}
        : {
            logoUrl: data.group_logo ? await ctx.logos.adopt(data.group_logo, group.logoUrl) : null,
          }),
    };
    if (Object.keys(set).length) await tx.update(groups).set(set).where(eq(groups.id, group.id));
  });
  return directorProfile(db, ctx, directorId);
}
