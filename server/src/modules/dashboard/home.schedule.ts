import { weekdayOf } from '@schooliko/common/academics/calendar';
import type { PeriodKind } from '@schooliko/common/academics/timetable';
import type { SchedulePeriod } from '@schooliko/common/home';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import { classes, sections } from '../classes';
import { staff } from '../staff';
import {
  bellPeriods,
  bellSchedule,
  ENTRY_JOINS,
  subjects,
  timetableEntries,
  timetableSubstitutions,
} from '../timetable';

const substitute = alias(staff, 'substitute');

type Lesson = SchedulePeriod & { teacher_id: string; substitute_id: string | null };

/**
 * The lessons of `date`'s weekday matching `where`, each with its bell times and the substitute
 * who takes it on `date`, if any. The slot indexes of timetable_entries (institute, year, section
 * or teacher, day, period) and timetable_substitutions (institute, entry, date) serve it.
 */
async function lessonsOn(
  tx: Db,
  instituteId: string,
  yearId: string,
  date: string,
  where: SQL | undefined,
): Promise<Lesson[]> {
  const rows = await tx
    .select({
      period: timetableEntries.period,
      label: bellPeriods.label,
      kind: bellPeriods.kind,
      starts_at: bellPeriods.startsAt,
      ends_at: bellPeriods.endsAt,
      section_id: timetableEntries.sectionId,
      section_label: sql<string>`${classes.name} || '-' || ${sections.name}`,
      subject_name: subjects.name,
      room: timetableEntries.room,
      teacher_id: timetableEntries.teacherId,
      teacher_name: personName(staff),
      substitute_id: timetableSubstitutions.substituteId,
      substitute_name: personName(substitute),
    })
    .from(timetableEntries)
    .innerJoin(
      bellPeriods,
      and(
        eq(bellPeriods.instituteId, timetableEntries.instituteId),
        eq(bellPeriods.period, timetableEntries.period),
      ),
    )
    .innerJoin(sections, ENTRY_JOINS.section)
    .innerJoin(classes, ENTRY_JOINS.class)
    .innerJoin(subjects, ENTRY_JOINS.subject)
    .innerJoin(staff, ENTRY_JOINS.teacher)
    .leftJoin(
      timetableSubstitutions,
      and(
        eq(timetableSubstitutions.instituteId, timetableEntries.instituteId),
        eq(timetableSubstitutions.entryId, timetableEntries.id),
        eq(timetableSubstitutions.date, date),
      ),
    )
    .leftJoin(
      substitute,
      and(
        eq(substitute.instituteId, timetableSubstitutions.instituteId),
        eq(substitute.id, timetableSubstitutions.substituteId),
      ),
    )
    .where(
      and(
        eq(timetableEntries.instituteId, instituteId),
        eq(timetableEntries.academicYearId, yearId),
        eq(timetableEntries.day, weekdayOf(date)),
        where,
      ),
    )
    .orderBy(asc(timetableEntries.period), asc(classes.sortOrder), asc(sections.name));
  return rows.map(({ substitute_name, teacher_name, ...r }) => ({
    ...r,
    kind: r.kind as PeriodKind,
    substitute: r.substitute_id !== null,
    teacher_name: r.substitute_id ? substitute_name : teacher_name,
    covers: r.substitute_id ? teacher_name : null,
  }));
}

const strip = ({ teacher_id: _t, substitute_id: _s, ...period }: Lesson): SchedulePeriod => period;

/**
 * A teacher's lessons on `date`: their own periods, less those a substitute takes from them, and
 * the periods they cover for someone else.
 */
export async function teacherLessons(
  tx: Db,
  instituteId: string,
  yearId: string,
  staffId: string,
  date: string,
): Promise<SchedulePeriod[]> {
  const covering = tx
    .select({ id: timetableSubstitutions.entryId })
    .from(timetableSubstitutions)
    .where(
      and(
        eq(timetableSubstitutions.instituteId, instituteId),
        eq(timetableSubstitutions.date, date),
        eq(timetableSubstitutions.substituteId, staffId),
      ),
    );
  const rows = await lessonsOn(
    tx,
    instituteId,
    yearId,
    date,
    or(eq(timetableEntries.teacherId, staffId), inArray(timetableEntries.id, covering)),
  );
  return rows
    .filter((r) => (r.substitute_id ? r.substitute_id === staffId : r.teacher_id === staffId))
    .map(strip);
}

/** A section's day: every period of the bell schedule, its lesson (or a free period) in each. */
export async function sectionDay(
  tx: Db,
  instituteId: string,
  section: { id: string; yearId: string },
  date: string,
): Promise<SchedulePeriod[]> {
  const [bell, lessons] = await Promise.all([
    bellSchedule(tx, instituteId),
    lessonsOn(tx, instituteId, section.yearId, date, eq(timetableEntries.sectionId, section.id)),
  ]);
  return bell.map((p) => {
    const lesson = lessons.find((l) => l.period === p.period);
    if (lesson) return strip(lesson);
    return {
      ...p,
      section_id: null,
      section_label: null,
      subject_name: null,
      teacher_name: null,
      room: '',
      substitute: false,
      covers: null,
    };
  });
}
