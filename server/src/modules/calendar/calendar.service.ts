import {
  CALENDAR_MESSAGES,
  type CalendarEvent,
  type CalendarEventInput,
  type CalendarSettings,
  type DayStatus,
  DEFAULT_CALENDAR_SETTINGS,
  datesBetween,
  dayStatus,
  type EventAudience,
  type Term,
  type TermInput,
} from '@schooliko/common/academics/calendar';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { academicYears, assertClassesOf, sections } from '../classes';
import { students, visibleStudents } from '../students';
import { academicTerms, type CalendarEventRow, calendarEvents, calendarSettings } from './calendar.table';

const toEvent = (row: CalendarEventRow): CalendarEvent => ({
  id: row.id,
  title: row.title,
  kind: row.kind,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  audience: row.audience,
  class_ids: row.classIds,
  description: row.description,
  is_public: row.isPublic,
  cancelled: row.cancelled,
});

/** The audiences a role's members are in ('all' is everyone's). */
const AUDIENCES_OF: Record<Actor['role'], EventAudience[] | null> = {
  admin: null,
  director: null,
  teacher: ['all', 'staff'],
  student: ['all', 'students'],
  parent: ['all', 'parents'],
};

/** The classes a student or parent belongs to through the students they may see. */
async function ownClassIds(tx: Db, actor: Actor): Promise<string[]> {
  const rows = await tx
    .select({ classId: sections.classId })
    .from(students)
    .innerJoin(
      sections,
      and(eq(sections.instituteId, students.instituteId), eq(sections.id, students.sectionId)),
    )
    .where(and(eq(students.instituteId, actor.institute.id), await visibleStudents(tx, actor)));
  return [...new Set(rows.map((r) => r.classId))];
}

/**
 * The events overlapping [from, to] that the caller is in the audience of: staff who plan the
 * calendar see everything (cancelled ones too); a student or parent sees events for everyone or
 * for their classes.
 */
export async function listEvents(tx: Db, actor: Actor, from: string, to: string): Promise<CalendarEvent[]> {
  const planner = holds(actor, 'calendar:write');
  const audiences = planner ? null : AUDIENCES_OF[actor.role];
  const conditions = [
    eq(calendarEvents.instituteId, actor.institute.id),
    lte(calendarEvents.startsOn, to),
    gte(calendarEvents.endsOn, from),
  ];
  if (!planner) conditions.push(eq(calendarEvents.cancelled, false));
  if (audiences) conditions.push(inArray(calendarEvents.audience, audiences));
  if (actor.role === 'student' || actor.role === 'parent') {
    const own = await ownClassIds(tx, actor);
    const anyOf = own.length
      ? sql`or ${calendarEvents.classIds} ?| array[${sql.join(
          own.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`
      : sql``;
    conditions.push(sql`(${calendarEvents.classIds} = '[]'::jsonb ${anyOf})`);
  }
  const rows = await tx
    .select()
    .from(calendarEvents)
    .where(and(...conditions))
    .orderBy(asc(calendarEvents.startsOn), asc(calendarEvents.title), asc(calendarEvents.id));
  return rows.map(toEvent);
}

export async function createEvent(tx: Db, actor: Actor, input: CalendarEventInput): Promise<CalendarEvent> {
  await assertClassesOf(tx, actor, input.class_ids);
  const [row] = await tx
    .insert(calendarEvents)
    .values({
      instituteId: actor.institute.id,
      title: input.title,
      kind: input.kind,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      audience: input.audience,
      classIds: [...new Set(input.class_ids)],
      description: input.description,
      isPublic: input.is_public,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('event not added');
  return toEvent(row);
}

async function findEventRow(tx: Db, actor: Actor, id: string): Promise<CalendarEventRow> {
  const [row] = await tx
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.instituteId, actor.institute.id), eq(calendarEvents.id, id)))
    .for('update');
  if (!row) throw httpError(404, CALENDAR_MESSAGES.eventNotFound);
  return row;
}

export async function updateEvent(
  tx: Db,
  actor: Actor,
  id: string,
  patch: Partial<CalendarEventInput>,
): Promise<CalendarEvent> {
  const row = await findEventRow(tx, actor, id);
  if (row.cancelled) throw httpError(409, CALENDAR_MESSAGES.eventAlreadyCancelled);
  const startsOn = patch.starts_on ?? row.startsOn;
  const endsOn = patch.ends_on ?? row.endsOn;
  if (endsOn < startsOn)
    throw httpError(400, CALENDAR_MESSAGES.endsBeforeStart, { ends_on: CALENDAR_MESSAGES.endsBeforeStart });
  if (patch.class_ids) await assertClassesOf(tx, actor, patch.class_ids);
  const [updated] = await tx
    .update(calendarEvents)
    .set({
      title: patch.title ?? row.title,
      kind: patch.kind ?? row.kind,
      startsOn,
      endsOn,
      audience: patch.audience ?? row.audience,
      classIds: patch.class_ids ? [...new Set(patch.class_ids)] : row.classIds,
      description: patch.description ?? row.description,
      isPublic: patch.is_public ?? row.isPublic,
    })
    .where(and(eq(calendarEvents.instituteId, actor.institute.id), eq(calendarEvents.id, id)))
    .returning();
  if (!updated) throw httpError(404, CALENDAR_MESSAGES.eventNotFound);
  return toEvent(updated);
}

/** Cancels an event (kept, shown struck through to planners): a cancelled holiday opens its days again. */
export async function cancelEvent(tx: Db, actor: Actor, id: string): Promise<CalendarEvent> {
  const row = await findEventRow(tx, actor, id);
  if (row.cancelled) throw httpError(409, CALENDAR_MESSAGES.eventAlreadyCancelled);
  const [updated] = await tx
    .update(calendarEvents)
    .set({ cancelled: true })
    .where(and(eq(calendarEvents.instituteId, actor.institute.id), eq(calendarEvents.id, id)))
    .returning();
  if (!updated) throw httpError(404, CALENDAR_MESSAGES.eventNotFound);
  return toEvent(updated);
}

const toTerm = (row: typeof academicTerms.$inferSelect): Term => ({
  id: row.id,
  academic_year_id: row.academicYearId,
  name: row.name,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
});

export async function listTerms(tx: Db, actor: Actor, yearId: string): Promise<Term[]> {
  const rows = await tx
    .select()
    .from(academicTerms)
    .where(and(eq(academicTerms.instituteId, actor.institute.id), eq(academicTerms.academicYearId, yearId)))
    .orderBy(asc(academicTerms.startsOn));
  return rows.map(toTerm);
}

/** Adds a term inside its year, overlapping no other term of the year (the year's row is locked meanwhile). */
export async function createTerm(tx: Db, actor: Actor, input: TermInput): Promise<Term> {
  const [year] = await tx
    .select()
    .from(academicYears)
    .where(
      and(eq(academicYears.instituteId, actor.institute.id), eq(academicYears.id, input.academic_year_id)),
    )
    .for('update');
  if (!year) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  if (input.starts_on < year.startsOn || input.ends_on > year.endsOn)
    throw httpError(400, CALENDAR_MESSAGES.termOutsideYear, { starts_on: CALENDAR_MESSAGES.termOutsideYear });
  const others = await tx
    .select()
    .from(academicTerms)
    .where(and(eq(academicTerms.instituteId, actor.institute.id), eq(academicTerms.academicYearId, year.id)));
  if (others.some((t) => t.name.toLowerCase() === input.name.toLowerCase()))
    throw httpError(409, CALENDAR_MESSAGES.termNameTaken, { name: CALENDAR_MESSAGES.termNameTaken });
  if (others.some((t) => t.startsOn <= input.ends_on && input.starts_on <= t.endsOn))
    throw httpError(409, CALENDAR_MESSAGES.termOverlaps, { starts_on: CALENDAR_MESSAGES.termOverlaps });
  const [row] = await tx
    .insert(academicTerms)
    .values({
      instituteId: actor.institute.id,
      academicYearId: year.id,
      name: input.name,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
    })
    .returning();
  if (!row) throw new Error('term not added');
  return toTerm(row);
}

export async function settingsOf(tx: Db, instituteId: string): Promise<CalendarSettings> {
  const [row] = await tx.select().from(calendarSettings).where(eq(calendarSettings.instituteId, instituteId));
  if (!row) return DEFAULT_CALENDAR_SETTINGS;
  return { weekly_offs: row.weeklyOffs, saturday_offs: row.saturdayOffs, public_events: row.publicEvents };
}

export async function saveSettings(tx: Db, actor: Actor, input: CalendarSettings): Promise<CalendarSettings> {
  const values = {
    weeklyOffs: [...new Set(input.weekly_offs)].sort(),
    saturdayOffs: [...new Set(input.saturday_offs)].sort(),
    publicEvents: input.public_events,
    updatedAt: new Date(),
  };
  await tx
    .insert(calendarSettings)
    .values({ instituteId: actor.institute.id, ...values })
    .onConflictDoUpdate({ target: [calendarSettings.instituteId], set: values });
  return {
    weekly_offs: values.weeklyOffs,
    saturday_offs: values.saturdayOffs,
    public_events: values.publicEvents,
  };
}

/**
 * Each day's state from `from` to `to` (working, weekly off, Saturday off, holiday, outside the
 * year): the academic year that holds the day, the week's offs and the holidays, in three queries.
 * The attendance register asks it before it takes a day.
 */
export async function daysOf(tx: Db, instituteId: string, from: string, to: string): Promise<DayStatus[]> {
  const [years, settings, holidays] = await Promise.all([
    tx
      .select({ starts_on: academicYears.startsOn, ends_on: academicYears.endsOn })
      .from(academicYears)
      .where(
        and(
          eq(academicYears.instituteId, instituteId),
          lte(academicYears.startsOn, to),
          gte(academicYears.endsOn, from),
        ),
      ),
    settingsOf(tx, instituteId),
    tx
      .select({
        title: calendarEvents.title,
        starts_on: calendarEvents.startsOn,
        ends_on: calendarEvents.endsOn,
      })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.instituteId, instituteId),
          eq(calendarEvents.kind, 'holiday'),
          eq(calendarEvents.cancelled, false),
          inArray(calendarEvents.audience, ['all', 'students']),
          lte(calendarEvents.startsOn, to),
          gte(calendarEvents.endsOn, from),
        ),
      ),
  ]);
  return datesBetween(from, to).map((date) =>
    dayStatus(date, years.find((y) => y.starts_on <= date && date <= y.ends_on) ?? null, settings, holidays),
  );
}

/** Upcoming public events of an institute whose site shows them (the public site's Events block). */
export async function publicEvents(
  tx: Db,
  instituteId: string,
  from: string,
  limit = 6,
): Promise<CalendarEvent[]> {
  const settings = await settingsOf(tx, instituteId);
  if (!settings.public_events) return [];
  const rows = await tx
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.instituteId, instituteId),
        eq(calendarEvents.isPublic, true),
        eq(calendarEvents.cancelled, false),
        gte(calendarEvents.endsOn, from),
      ),
    )
    .orderBy(asc(calendarEvents.startsOn), asc(calendarEvents.id))
    .limit(limit);
  return rows.map(toEvent);
}
