import type { BranchList } from '@schooliko/common/people/branches';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { institutes } from '../../platform/institutes';
import { groups } from '../groups';
import { NO_FIGURES, schoolFigures } from './branches.figures';

/**
 * The institutes of the caller's group side by side (or just their own, outside a group). These
 * are counts, not records, read across the group's institutes on purpose: that is the one read
 * here that is not scoped to one institute, and it names no person.
 */
export async function listBranches(db: Db, actor: Actor): Promise<BranchList> {
  const groupId = actor.institute.groupId;
  const [group] = groupId
    ? await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, groupId))
    : [];
  const members = await db
    .select({
      id: institutes.id,
      name: institutes.name,
      code: institutes.code,
      domain: institutes.domain,
      logoUrl: institutes.logoUrl,
    })
    .from(institutes)
    .where(group ? eq(institutes.groupId, group.id) : eq(institutes.id, actor.institute.id))
    .orderBy(asc(institutes.name))
    .limit(200);
  const figures = await schoolFigures(
    db,
    members.map((m) => m.id),
  );
  return {
    group: group ?? null,
    items: members.map((m) => ({
      id: m.id,
      name: m.name,
      code: m.code,
      domain: m.domain,
      logo_url: m.logoUrl,
      is_current: m.id === actor.institute.id,
      ...(figures.get(m.id) ?? NO_FIGURES),
    })),
  };
}
