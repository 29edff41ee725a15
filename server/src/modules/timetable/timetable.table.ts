import type { PeriodKind, SubjectType } from '@schooliko/common/academics/timetable';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** A subject ("Mathematics", MATH) and the classes it is taught in. */
export const subjects = tenantTable(
  'subjects',
  {
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type').$type<SubjectType>().notNull(),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('subjects_code_idx').on(t.instituteId, t.code)],
);
export type SubjectRow = typeof subjects.$inferSelect;

/** The bell schedule: period `period` (1-based) of every school day, a lesson, a break or assembly. */
export const bellPeriods = tenantTable(
  'bell_periods',
  {
    period: smallint('period').notNull(),
    label: text('label').notNull(),
    kind: text('kind').$type<PeriodKind>().notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
  },
  (t) => [uniqueIndex('bell_periods_idx').on(t.instituteId, t.period)],
);

/**
 * Who teaches what, where, in a section's period of a weekday. The unique indexes are the clash
 * rules themselves: a section, a teacher or a room is in one place per day and period of a year
 * (the service names the clash first; the index holds under concurrent saves).
 */
export const timetableEntries = tenantTable(
  'timetable_entries',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    day: smallint('day').notNull(),
    period: integer('period').notNull(),
    subjectId: uuid('subject_id').notNull(),
    teacherId: uuid('teacher_id').notNull(),
    room: text('room').notNull().default(''),
  },
  (t) => [
    uniqueIndex('timetable_section_slot_idx').on(
      t.instituteId,
      t.academicYearId,
      t.sectionId,
      t.day,
      t.period,
    ),
    uniqueIndex('timetable_teacher_slot_idx').on(
      t.instituteId,
      t.academicYearId,
      t.teacherId,
      t.day,
      t.period,
    ),
    uniqueIndex('timetable_room_slot_idx')
      .on(t.instituteId, t.academicYearId, t.room, t.day, t.period)
      .where(sql`${t.room} <> ''`),
    index('timetable_subject_idx').on(t.instituteId, t.subjectId),
  ],
);
export type TimetableEntryRow = typeof timetableEntries.$inferSelect;

/**
 * A substitute for an entry's period on one date, while its teacher is away. One per entry and
 * date; the entry itself keeps its teacher.
 */
export const timetableSubstitutions = tenantTable(
  'timetable_substitutions',
  {
    date: date('date', { mode: 'string' }).notNull(),
    entryId: uuid('entry_id').notNull(),
    substituteId: uuid('substitute_id').notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timetable_substitutions_idx').on(t.instituteId, t.entryId, t.date),
    index('timetable_substitutions_date_idx').on(t.instituteId, t.date, t.substituteId),
  ],
);
