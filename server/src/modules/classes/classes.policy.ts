import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { ownStaffId } from '../staff';
import { sectionsOf } from '../students';
import { sections } from './classes.table';

/**
 * `mine=true`: the sections the caller leads or teaches in (nothing for a caller with no staff
 * record). Every holder of `classes:read` may see the whole list otherwise.
 */
export async function mySections(tx: Db, actor: Actor): Promise<SQL> {
  const staffId = await ownStaffId(tx, actor);
  if (!staffId) return sql`false`;
  return inArray(sections.id, sectionsOf(tx, actor, staffId));
}
