import {
  GROUP_MESSAGES,
  type GroupCreated,
  type GroupCreateInput,
  type GroupUpdateInput,
  type MyGroups,
} from '@schooliko/common/groups';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutes } from '../../platform/institutes';
import { httpError } from '../../plugins/errors';
import { newGroupCode } from './groups.code';
import type { LogoStorage } from './groups.logo';
import { type Actor, assertCanReadGroup, assertGroupDirector, assertMayChangeFlags } from './groups.policy';
import { findGroup, toGroups } from './groups.read';
import { type GroupRow, groupDirectors, groups } from './groups.table';

export type GroupCtx = Actor & { logos: LogoStorage };

/** What an institute changed to: the route forgets it in the institute directory's cache. */
export type ChangedInstitute = { domain: string; subdomain: string | null };

function groupValues(input: GroupCreateInput | GroupUpdateInput) {
  return {
    name: input.group_name,
    type: input.group_type,
    description: input.group_description,
    website: input.group_website,
    email: input.group_email,
    phone: input.group_phone,
    street: input.group_address.street,
    city: input.group_address.city,
    state: input.group_address.state,
    pincode: input.group_address.pincode,
    country: input.group_address.country,
    establishmentYear: input.group_establishment_year ?? null,
    tags: input.group_tags,
  };
}

/** Puts an institute without a group into this one; returns it when it changed. */
export async function linkInstitute(
  db: Db,
  instituteId: string,
  groupId: string,
): Promise<ChangedInstitute | null> {
  const [changed] = await db
    .update(institutes)
    .set({ groupId })
    .where(and(eq(institutes.id, instituteId), isNull(institutes.groupId)))
    .returning({ domain: institutes.domain, subdomain: institutes.subdomain });
  return changed ?? null;
}

/**
 * Spec 3.5 / 4.8: a director creates a group and becomes its director (primary and principal as
 * asked); their institute joins it unless it already belongs to a group.
 */
export async function createGroup(
  db: Db,
  ctx: GroupCtx,
  input: GroupCreateInput,
): Promise<{ created: GroupCreated; changed: ChangedInstitute | null }> {
  const logoUrl = input.group_logo ? await ctx.logos.adopt(input.group_logo, null) : null;
  return db.transaction(async (tx) => {
    let row: GroupRow | undefined;
    // The code is unique; a collision (1 in ~2 billion per existing group) just draws again.
    for (let attempt = 0; !row && attempt < 8; attempt++) {
      [row] = await tx
        .insert(groups)
        .values({ ...groupValues(input), logoUrl, code: newGroupCode(), createdBy: ctx.userId })
        .onConflictDoNothing({ target: groups.code })
        .returning();
    }
    if (!row) throw new Error('could not draw a free group code');
    await tx.insert(groupDirectors).values({
      groupId: row.id,
      userId: ctx.userId,
      instituteId: ctx.instituteId,
      isPrimary: input.isPrimaryDirector,
      isPrincipal: input.isPrincipal,
    });
    const changed = await linkInstitute(tx, ctx.instituteId, row.id);
    return {
      created: {
        _id: row.id,
        group_name: row.name,
        group_code: row.code,
        group_type: row.type,
        group_logo: row.logoUrl,
      },
      changed,
    };
  });
}

async function requireGroup(db: Db, id: string): Promise<GroupRow> {
  const row = await findGroup(db, id);
  if (!row) throw httpError(404, GROUP_MESSAGES.notFound);
  return row;
}

export async function getGroup(db: Db, ctx: Actor, id: string) {
  const row = await requireGroup(db, id);
  await assertCanReadGroup(db, ctx, row);
  const [group] = await toGroups(db, [row], ctx.userId);
  if (!group) throw httpError(404, GROUP_MESSAGES.notFound);
  return group;
}

/** The flags on the caller's own link, after the policy allows the change. */
export async function setOwnFlags(
  db: Db,
  ctx: Actor,
  group: GroupRow,
  flags: { isPrimaryDirector?: boolean; isPrincipal?: boolean },
) {
  const link = await assertGroupDirector(db, ctx, group.id);
  assertMayChangeFlags(link, group, flags);
  const set = {
    ...(flags.isPrimaryDirector === undefined ? {} : { isPrimary: flags.isPrimaryDirector }),
    ...(flags.isPrincipal === undefined ? {} : { isPrincipal: flags.isPrincipal }),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .update(groupDirectors)
    .set(set)
    .where(and(eq(groupDirectors.groupId, group.id), eq(groupDirectors.userId, ctx.userId)));
}

/** Spec 2.14 edit mode: the group's directors change its details (and their own flags). */
export async function updateGroup(db: Db, ctx: GroupCtx, id: string, input: GroupUpdateInput) {
  return db.transaction(async (tx) => {
    const row = await requireGroup(tx, id);
    await assertGroupDirector(tx, ctx, id);
    await setOwnFlags(tx, ctx, row, input);
    const logoUrl = input.group_logo ? await ctx.logos.adopt(input.group_logo, row.logoUrl) : null;
    const [updated] = await tx
      .update(groups)
      .set({ ...groupValues(input), logoUrl })
      .where(eq(groups.id, id))
      .returning();
    if (!updated) throw httpError(404, GROUP_MESSAGES.notFound);
    const [group] = await toGroups(tx, [updated], ctx.userId);
    if (!group) throw httpError(404, GROUP_MESSAGES.notFound);
    return group;
  });
}

/** Spec 2.12 / 3.5: the groups the caller directs, and how many institutes they hold together. */
export async function myGroups(db: Db, ctx: Actor): Promise<MyGroups> {
  const links = await db
    .select({ groupId: groupDirectors.groupId })
    .from(groupDirectors)
    .where(eq(groupDirectors.userId, ctx.userId));
  const ids = links.map((l) => l.groupId);
  const rows = ids.length
    ? await db.select().from(groups).where(inArray(groups.id, ids)).orderBy(desc(groups.createdAt))
    : [];
  const list = await toGroups(db, rows, ctx.userId);
  return {
    groups: list,
    stats: {
      total_groups: list.length,
      total_institutes: list.reduce((sum, g) => sum + g.total_institutes, 0),
    },
  };
}
