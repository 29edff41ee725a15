import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../kit/tenant-table';

/** The institute's sessions ("2026-27"); exactly one is current. */
export const academicYears = tenantTable(
  'academic_years',
  {
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('academic_years_name_idx').on(t.instituteId, t.name),
    uniqueIndex('academic_years_current_idx').on(t.instituteId).where(sql`${t.isCurrent}`),
  ],
);
export type AcademicYearRow = typeof academicYears.$inferSelect;

/** Nursery … XII; `sort_order` puts them in school order. */
export const classes = tenantTable(
  'classes',
  {
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('classes_name_idx').on(t.instituteId, t.name)],
);
export type ClassRow = typeof classes.$inferSelect;

/** A class's division in one academic year ("VII-B"), led by a class teacher. */
export const sections = tenantTable(
  'sections',
  {
    classId: uuid('class_id').notNull(),
    academicYearId: uuid('academic_year_id').notNull(),
    name: text('name').notNull(),
    classTeacherId: uuid('class_teacher_id'),
    capacity: integer('capacity').notNull().default(40),
    room: text('room').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sections_name_idx').on(t.instituteId, t.academicYearId, t.classId, t.name),
    index('sections_teacher_idx').on(t.instituteId, t.classTeacherId),
  ],
);
export type SectionRow = typeof sections.$inferSelect;

/** Who teaches in a section, and what (a teacher sees the students of these sections). */
export const sectionTeachers = tenantTable(
  'section_teachers',
  {
    sectionId: uuid('section_id').notNull(),
    staffId: uuid('staff_id').notNull(),
    subject: text('subject').notNull().default(''),
  },
  (t) => [
    uniqueIndex('section_teachers_idx').on(t.instituteId, t.sectionId, t.staffId, t.subject),
    index('section_teachers_staff_idx').on(t.instituteId, t.staffId),
  ],
);
