import { weekdayOf } from '@schooliko/common/academics/calendar';
import {
  type FreeTeacher,
  type Substitution,
  type SubstitutionInput,
  TIMETABLE_MESSAGES,
} from '@schooliko/common/academics/timetable';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { daysOf } from '../calendar';
import { classes, currentYear, sections } from '../classes';
import { staff } from '../staff';
import { joinEntryLabels, sectionLabel } from './timetable.joins';
import { entriesWhere } from './timetable.service';
import { bellPeriods, subjects, timetableEntries, timetableSubstitutions } from './timetable.table';

const substitute = alias(staff, 'substitute');

/** The day's substitutions matching `where`, with what the teacher's and the office's views show. */
async function substitutionsWhere(
  tx: Db,
  instituteId: string,
  where: SQL | undefined,
): Promise<Substitution[]> {
  const query = tx
    .select({
      id: timetableSubstitutions.id,
      date: timetableSubstitutions.date,
      entry_id: timetableSubstitutions.entryId,
      period: timetableEntries.period,
      section_id: timetableEntries.sectionId,
      section_label: sectionLabel,
      subject_name: subjects.name,
      room: timetableEntries.room,
      teacher_id: timetableEntries.teacherId,
      teacher_name: personName(staff),
      substitute_id: timetableSubstitutions.substituteId,
      substitute_name: personName(substitute),
      reason: timetableSubstitutions.reason,
    })
    .from(timetableSubstitutions)
    .innerJoin(
      timetableEntries,
      and(
        eq(timetableEntries.instituteId, timetableSubstitutions.instituteId),
        eq(timetableEntries.id, timetableSubstitutions.entryId),
      ),
    )
    .$dynamic();
  return joinEntryLabels(query)
    .innerJoin(
      substitute,
      and(
        eq(substitute.instituteId, timetableSubstitutions.instituteId),
        eq(substitute.id, timetableSubstitutions.substituteId),
      ),
    )
    .where(and(eq(timetableSubstitutions.instituteId, instituteId), where))
    .orderBy(asc(timetableEntries.period), asc(classes.sortOrder), asc(sections.name));
}

/** The substitutions of a date, by period. */
export function substitutionsOn(
  tx: Db,
  actor: Actor,
  query: { date: string; teacher_id?: string | undefined },
): Promise<Substitution[]> {
  const teacher = query.teacher_id;
  return substitutionsWhere(
    tx,
    actor.institute.id,
    and(
      eq(timetableSubstitutions.date, query.date),
      teacher
        ? or(eq(timetableSubstitutions.substituteId, teacher), eq(timetableEntries.teacherId, teacher))
        : undefined,
    ),
  );
}

/** Refuses a date that is not a working day (400 with a code): nobody is taught then. */
async function assertWorkingDay(tx: Db, instituteId: string, date: string) {
  const [day] = await daysOf(tx, instituteId, date, date);
  if (day?.state !== 'working')
    throw httpError(400, TIMETABLE_MESSAGES.notAWorkingDay, { date: TIMETABLE_MESSAGES.notAWorkingDay });
}

/**
 * Active teaching staff free in a period of a date: no entry of theirs in that weekday's period
 * and no substitution already taken then. The least busy that day come first.
 */
export async function freeTeachers(
  tx: Db,
  actor: Actor,
  query: { date: string; period: number },
): Promise<FreeTeacher[]> {
  const i = actor.institute.id;
  await assertWorkingDay(tx, i, query.date);
  const yearId = (await currentYear(tx, actor))?.id ?? null;
  const day = weekdayOf(query.date);
  const rows = await tx.execute(sql`
    with taught as (
      select teacher_id as staff_id, period from ${timetableEntries}
      where institute_id = ${i} and academic_year_id = ${yearId} and day = ${day}
      union all
      select s.substitute_id, e.period from ${timetableSubstitutions} s
      join ${timetableEntries} e on e.institute_id = s.institute_id and e.id = s.entry_id
      where s.institute_id = ${i} and s.date = ${query.date}
    )
    select t.id, trim(t.first_name || ' ' || t.last_name) as name, t.department,
      (select count(*) from taught where taught.staff_id = t.id)::int as periods_that_day
    from ${staff} t
    where t.institute_id = ${i} and t.kind = 'teaching' and t.status = 'active'
      and not exists (select 1 from taught where taught.staff_id = t.id and taught.period = ${query.period})
    order by periods_that_day, name, t.id`);
  return (rows as unknown as { rows: FreeTeacher[] }).rows.map((r) => ({
    id: r.id,
    name: r.name,
    department: r.department,
    periods_that_day: Number(r.periods_that_day),
  }));
}

/**
 * Arranges a substitute for an entry's period on a date: a working day of the entry's weekday,
 * a substitute who is free then (409 naming where they are otherwise), one per entry and date.
 */
export async function arrangeSubstitute(
  tx: Db,
  actor: Actor,
  input: SubstitutionInput,
): Promise<Substitution> {
  const i = actor.institute.id;
  const [entry] = await tx
    .select()
    .from(timetableEntries)
    .where(and(eq(timetableEntries.instituteId, i), eq(timetableEntries.id, input.entry_id)));
  if (!entry) throw httpError(404, TIMETABLE_MESSAGES.entryNotFound);
  await assertWorkingDay(tx, i, input.date);
  if (weekdayOf(input.date) !== entry.day)
    throw httpError(400, TIMETABLE_MESSAGES.wrongWeekday, { date: TIMETABLE_MESSAGES.wrongWeekday });
  const [bell] = await tx
    .select({ label: bellPeriods.label })
    .from(bellPeriods)
    .where(and(eq(bellPeriods.instituteId, i), eq(bellPeriods.period, entry.period)));
  const periodLabel = bell?.label ?? String(entry.period);
  const [teacher] = await tx
    .select({ id: staff.id, name: personName(staff) })
    .from(staff)
    .where(
      and(
        eq(staff.instituteId, i),
        eq(staff.id, input.substitute_id),
        eq(staff.kind, 'teaching'),
        eq(staff.status, 'active'),
      ),
    );
  if (!teacher) throw httpError(404, TIMETABLE_MESSAGES.teacherNotFound);
  const [taken] = await substitutionsWhere(
    tx,
    i,
    and(eq(timetableSubstitutions.entryId, entry.id), eq(timetableSubstitutions.date, input.date)),
  );
  if (taken) throw httpError(409, TIMETABLE_MESSAGES.substituteTaken(taken.substitute_name, input.date));
  const busy = (section: string) => {
    const text = TIMETABLE_MESSAGES.substituteBusy(teacher.name, section, input.date, periodLabel);
    return httpError(409, text, { substitute_id: text });
  };
  const [own] = await entriesWhere(
    tx,
    i,
    and(
      eq(timetableEntries.academicYearId, entry.academicYearId),
      eq(timetableEntries.teacherId, teacher.id),
      eq(timetableEntries.day, entry.day),
      eq(timetableEntries.period, entry.period),
    ),
  );
  if (own) throw busy(own.section_label);
  const [covering] = await substitutionsWhere(
    tx,
    i,
    and(
      eq(timetableSubstitutions.date, input.date),
      eq(timetableSubstitutions.substituteId, teacher.id),
      eq(timetableEntries.period, entry.period),
    ),
  );
  if (covering) throw busy(covering.section_label);
  const [row] = await tx
    .insert(timetableSubstitutions)
    .values({
      instituteId: i,
      date: input.date,
      entryId: entry.id,
      substituteId: teacher.id,
      reason: input.reason,
      createdBy: actor.userId,
    })
    .returning({ id: timetableSubstitutions.id });
  if (!row) throw new Error('substitution not saved');
  const [saved] = await substitutionsWhere(tx, i, eq(timetableSubstitutions.id, row.id));
  if (!saved) throw new Error('substitution not found');
  return saved;
}
