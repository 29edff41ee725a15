import type { EventAudience, EventKind } from '@schooliko/common/academics/calendar';
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** A term of an academic year ("Term 1"): report cards and exams are grouped by it. */
export const academicTerms = tenantTable(
  'academic_terms',
  {
    academicYearId: uuid('academic_year_id').notNull(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('academic_terms_name_idx').on(t.instituteId, t.academicYearId, t.name)],
);

/**
 * A day or span on the school calendar: a holiday (closes the days for attendance), an exam, a
 * parent-teacher meeting or another event, for an audience. Cancelled, never deleted: attendance
 * already judged against a holiday must still be explainable.
 */
export const calendarEvents = tenantTable(
  'calendar_events',
  {
    title: text('title').notNull(),
    kind: text('kind').$type<EventKind>().notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    audience: text('audience').$type<EventAudience>().notNull().default('all'),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_span_idx').on(t.instituteId, t.startsOn, t.endsOn).where(sql`not ${t.cancelled}`),
  ],
);
export type CalendarEventRow = typeof calendarEvents.$inferSelect;

/** The institute's week: its weekly offs, its Saturdays off, and whether its site shows events (one row). */
export const calendarSettings = tenantTable(
  'calendar_settings',
  {
    weeklyOffs: jsonb('weekly_offs').$type<number[]>().notNull(),
    saturdayOffs: jsonb('saturday_offs').$type<number[]>().notNull(),
    publicEvents: boolean('public_events').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_settings_idx').on(t.instituteId)],
);
