import {
  type AcademicYear,
  type AcademicYearInput,
  CLASS_MESSAGES,
  type ClassInput,
  type SchoolClass,
} from '@schooliko/common/people/classes';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { type AcademicYearRow, academicYears, classes } from './classes.table';

const toYear = (row: AcademicYearRow): AcademicYear => ({
  id: row.id,
  name: row.name,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  is_current: row.isCurrent,
});

/** The institute's sessions, newest first. */
export async function listYears(tx: Db, actor: Actor): Promise<AcademicYear[]> {
  const rows = await tx
    .select()
    .from(academicYears)
    .where(eq(academicYears.instituteId, actor.institute.id))
    .orderBy(desc(academicYears.startsOn), asc(academicYears.name));
  return rows.map(toYear);
}

/** The current session (the top bar's chip), or null before the institute has one. */
export async function currentYear(tx: Db, actor: Actor): Promise<{ id: string; name: string } | null> {
  return currentYearOf(tx, actor.institute.id);
}

/** An institute's current academic year, for work done without a signed-in actor (a module's seed). */
export async function currentYearOf(
  tx: Db,
  instituteId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await tx
    .select({ id: academicYears.id, name: academicYears.name })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, instituteId), eq(academicYears.isCurrent, true)))
    .limit(1);
  return row ?? null;
}

/** Locks the institute's years, so two switches (or adds) cannot both leave a year current. */
async function lockYears(tx: Db, actor: Actor): Promise<AcademicYearRow[]> {
  return tx
    .select()
    .from(academicYears)
    .where(eq(academicYears.instituteId, actor.institute.id))
    .for('update');
}

async function clearCurrent(tx: Db, actor: Actor, except: string | null) {
  await tx
    .update(academicYears)
    .set({ isCurrent: false })
    .where(
      and(
        eq(academicYears.instituteId, actor.institute.id),
        eq(academicYears.isCurrent, true),
        except ? ne(academicYears.id, except) : undefined,
      ),
    );
}

/** Adds a session; the first one (or one marked current) becomes the current one. */
export async function createYear(tx: Db, actor: Actor, input: AcademicYearInput): Promise<AcademicYear> {
  const years = await lockYears(tx, actor);
  if (years.some((y) => y.name.toLowerCase() === input.name.toLowerCase()))
    throw httpError(409, CLASS_MESSAGES.yearNameTaken, { name: CLASS_MESSAGES.yearNameTaken });
  const isCurrent = input.is_current || !years.some((y) => y.isCurrent);
  if (isCurrent) await clearCurrent(tx, actor, null);
  const [row] = await tx
    .insert(academicYears)
    .values({
      instituteId: actor.institute.id,
      name: input.name,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      isCurrent,
    })
    .returning();
  if (!row) throw new Error('academic year not stored');
  return toYear(row);
}

/** Makes one session current and every other not (exactly one current per institute). */
export async function makeCurrent(tx: Db, actor: Actor, id: string): Promise<AcademicYear> {
  const years = await lockYears(tx, actor);
  if (!years.some((y) => y.id === id)) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  await clearCurrent(tx, actor, id);
  const [row] = await tx
    .update(academicYears)
    .set({ isCurrent: true })
    .where(and(eq(academicYears.instituteId, actor.institute.id), eq(academicYears.id, id)))
    .returning();
  if (!row) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  return toYear(row);
}

/** The institute's classes in school order. */
export async function listClasses(tx: Db, actor: Actor): Promise<SchoolClass[]> {
  const rows = await tx
    .select({ id: classes.id, name: classes.name, sort_order: classes.sortOrder })
    .from(classes)
    .where(eq(classes.instituteId, actor.institute.id))
    .orderBy(asc(classes.sortOrder), asc(classes.name));
  return rows;
}

export async function createClass(tx: Db, actor: Actor, input: ClassInput): Promise<SchoolClass> {
  const [taken] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(eq(classes.instituteId, actor.institute.id), sql`lower(${classes.name}) = lower(${input.name})`),
    )
    .limit(1);
  if (taken) throw httpError(409, CLASS_MESSAGES.classNameTaken, { name: CLASS_MESSAGES.classNameTaken });
  const [row] = await tx
    .insert(classes)
    .values({ instituteId: actor.institute.id, name: input.name, sortOrder: input.sort_order })
    .returning({ id: classes.id, name: classes.name, sort_order: classes.sortOrder });
  if (!row) throw new Error('class not stored');
  return row;
}

/** Refuses (400, on `field`) a list of class ids that are not all this institute's classes. */
export async function assertClassesOf(tx: Db, actor: Actor, ids: readonly string[], field = 'class_ids') {
  if (!ids.length) return;
  const found = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.instituteId, actor.institute.id), inArray(classes.id, [...ids])));
  if (found.length !== new Set(ids).size)
    throw httpError(400, CLASS_MESSAGES.classesUnknown, { [field]: CLASS_MESSAGES.classesUnknown });
}
