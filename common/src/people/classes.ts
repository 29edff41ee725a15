import { z } from 'zod';
import { defineMessages } from '../messages';
import { optionalText } from '../profile';
import { dateField, patchOf } from './fields';

/** Indian school classes in order: pre-primary, then I to XII. */
export const CLASS_NAMES = [
  'Nursery',
  'LKG',
  'UKG',
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
] as const;

export const CLASS_MESSAGES = defineMessages('classes', {
  yearCreated: 'Academic year added',
  yearNotFound: 'Academic year not found',
  yearNameTaken: 'An academic year with this name already exists',
  yearDates: 'The year must end after it starts',
  yearSwitched: 'Academic year switched',
  classCreated: 'Class added',
  classNameTaken: 'A class with this name already exists',
  classNotFound: 'Class not found',
  classesUnknown: 'Choose classes of this school',
  sectionCreated: 'Section added',
  sectionUpdated: 'Section saved',
  sectionNameTaken: 'This class already has a section with this name in this year',
  sectionNotFound: 'Section not found',
  teacherNotFound: 'Teacher not found',
  teachersNotActive: 'Choose teachers from the active staff of this school',
  yearNameFormat: 'Name the year like 2026-27',
  classNameRequired: 'Please enter the class name',
  sectionNameRequired: 'Please enter the section name',
} as const);

/** "2026-27": the Indian session runs from April (or June) to March (or April). */
export const academicYearInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}$/, CLASS_MESSAGES.yearNameFormat),
    starts_on: dateField,
    ends_on: dateField,
    is_current: z.boolean().default(false),
  })
  .refine((v) => v.ends_on > v.starts_on, { error: CLASS_MESSAGES.yearDates.error, path: ['ends_on'] });

export type AcademicYearInput = z.output<typeof academicYearInputSchema>;

export const academicYearSchema = z.object({
  id: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_current: z.boolean(),
});
export type AcademicYear = z.infer<typeof academicYearSchema>;

export const classInputSchema = z.object({
  name: z.string().trim().min(1, CLASS_MESSAGES.classNameRequired).max(30),
  sort_order: z.coerce.number().int().min(0).max(100),
});

export type ClassInput = z.output<typeof classInputSchema>;

export const classSchema = z.object({ id: z.string(), name: z.string(), sort_order: z.number() });
export type SchoolClass = z.infer<typeof classSchema>;

export const sectionInputSchema = z.object({
  class_id: z.uuid(),
  academic_year_id: z.uuid().optional(),
  name: z.string().trim().min(1, CLASS_MESSAGES.sectionNameRequired).max(10),
  class_teacher_id: z
    .union([z.uuid(), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  capacity: z.coerce.number().int().min(1).max(200).default(40),
  room: optionalText(30),
});
export type SectionInput = z.output<typeof sectionInputSchema>;
/** PATCH: the fields sent (zod fills defaults into absent keys, so the route keeps only those sent). */
export const updateSectionSchema = patchOf(
  sectionInputSchema.omit({ class_id: true, academic_year_id: true }),
);
export type UpdateSection = z.output<typeof updateSectionSchema>;

/** Who teaches what in a section (a teacher sees the students of these sections). */
export const sectionTeacherSchema = z.object({ staff_id: z.uuid(), subject: optionalText(60) });
/** PUT: the section's whole list of teachers (an empty list clears it). */
export const sectionTeachersInputSchema = z.object({ teachers: z.array(sectionTeacherSchema).max(40) });
export type SectionTeachersInput = z.output<typeof sectionTeachersInputSchema>;

export const sectionSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  academic_year_id: z.string(),
  name: z.string(),
  /** "VII-B" */
  label: z.string(),
  class_teacher_id: z.string().nullable(),
  class_teacher_name: z.string().nullable(),
  capacity: z.number(),
  room: z.string(),
  students: z.number(),
  teachers: z.array(z.object({ staff_id: z.string(), name: z.string(), subject: z.string() })),
});
export type Section = z.infer<typeof sectionSchema>;

export const sectionListQuery = z.object({
  academic_year_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
  /** Only the sections the caller leads or teaches in. */
  mine: z.enum(['true', 'false']).optional(),
});
export type SectionListQuery = z.output<typeof sectionListQuery>;

/** The session chip of the top bar: the institute's current year, or null before one is set. */
export const currentYearSchema = z.object({ id: z.string(), name: z.string() }).nullable();
