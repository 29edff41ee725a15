import { z } from 'zod';
import { dayStatusSchema, EVENT_KINDS } from './academics/calendar';
import { PERIOD_KINDS } from './academics/timetable';
import { ROLES } from './auth';
import { dateField } from './people/fields';

/**
 * GET /api/dashboard/home: the teacher's, student's and parent's dashboards (spec 2.13), live.
 * Each card is one optional field, filled by its own small function on the server
 * (server/src/modules/dashboard/home.service.ts, `PARTS`) and drawn by its own component on the
 * web (web/src/features/home/dashboard/). A role's answer carries its cards only.
 */
export const HOME_EVENT_DAYS = 14;
export const HOME_EVENTS_LIMIT = 20;
export const HOME_NOTIFICATIONS_LIMIT = 5;

/** `?date=`: the day the dashboard is for (today in India unless named; any day's timetable is readable). */
export const homeQuerySchema = z.object({ date: dateField.optional() });

/** A section the teacher teaches (timetable or section teachers) or leads as class teacher. */
export const myClassSchema = z.object({
  section_id: z.string(),
  label: z.string(),
  class_teacher: z.boolean(),
  /** What they teach there (timetable subjects, else the section-teacher subject), by name. */
  subjects: z.array(z.string()),
  pupils: z.number().int(),
});
export type MyClass = z.infer<typeof myClassSchema>;

/**
 * One period of the day. A teacher's list holds the lessons they take (their own and those they
 * cover); a student's the whole bell schedule of their section (breaks, free periods included).
 */
export const schedulePeriodSchema = z.object({
  period: z.number().int(),
  label: z.string(),
  kind: z.enum(PERIOD_KINDS),
  starts_at: z.string(),
  ends_at: z.string(),
  section_id: z.string().nullable(),
  section_label: z.string().nullable(),
  subject_name: z.string().nullable(),
  /** Who teaches it today: the substitute when there is one. */
  teacher_name: z.string().nullable(),
  room: z.string(),
  /** A substitute takes it today (teacher: this is a period they cover for `covers`). */
  substitute: z.boolean(),
  /** The absent teacher whose period a substitute covers, when `substitute`. */
  covers: z.string().nullable(),
});
export type SchedulePeriod = z.infer<typeof schedulePeriodSchema>;

/** A subject of the student's section and who teaches it (timetable; null: nobody timetabled yet). */
export const mySubjectSchema = z.object({
  subject_id: z.string(),
  name: z.string(),
  teachers: z.array(z.string()),
});
export type MySubject = z.infer<typeof mySubjectSchema>;

export const homeEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(EVENT_KINDS),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type HomeEvent = z.infer<typeof homeEventSchema>;

/** A pupil's latest published exam result: the exam, the percentage and the overall grade. */
export const currentGradeSchema = z.object({
  exam_name: z.string(),
  percentage: z.number(),
  grade: z.string(),
});

/** A parent's child, with this year's attendance and the latest published result. */
export const homeChildSchema = z.object({
  id: z.string(),
  name: z.string(),
  admission_no: z.string(),
  section_label: z.string().nullable(),
  roll_no: z.string(),
  photo_url: z.string(),
  /** This academic year's attendance, in per cent (null: nothing marked yet). */
  attendance_percent: z.number().nullable(),
  current_grade: currentGradeSchema.nullable(),
});
export type HomeChild = z.infer<typeof homeChildSchema>;

/**
 * Spec 2.13's notification kinds. The app's notifications map onto them in one place, by the event
 * that made them (`categoryOf`, server/src/modules/dashboard/home.family.ts): a fee receipt is a
 * payment, the desk's answer to a parent's appointment a meeting, the rest notices.
 */
export const HOME_NOTIFICATION_CATEGORIES = ['notice', 'meeting', 'payment'] as const;
export const homeNotificationSchema = z.object({
  id: z.string(),
  category: z.enum(HOME_NOTIFICATION_CATEGORIES),
  title: z.string(),
  message: z.string(),
  unread: z.boolean(),
  created_at: z.string(),
});
export type HomeNotification = z.infer<typeof homeNotificationSchema>;

export const homeDashboardSchema = z.object({
  role: z.enum(ROLES),
  /** The day it is for (yyyy-mm-dd, India) and its state on the school calendar. */
  date: z.string(),
  day: dayStatusSchema,
  // Teacher (and any staff member acting as admin or director with a staff record).
  my_classes: z.array(myClassSchema).optional(),
  /** The sections the teacher leads and whether today's attendance is taken. */
  attendance_to_take: z
    .array(z.object({ section_id: z.string(), label: z.string(), marked: z.boolean() }))
    .optional(),
  /** Their published homework not yet past due: the count, and the five due soonest. */
  active_assignments: z
    .object({
      count: z.number(),
      items: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          section_label: z.string(),
          subject_name: z.string(),
          due_on: z.string(),
          submitted: z.number(),
          total: z.number(),
        }),
      ),
    })
    .optional(),
  /** Mark sheets of exams open for entry that the teacher has not finished. */
  pending_grades: z
    .object({
      count: z.number(),
      items: z.array(
        z.object({
          exam_id: z.string(),
          exam_name: z.string(),
          subject_name: z.string(),
          section_label: z.string(),
          entered: z.number(),
          total: z.number(),
        }),
      ),
    })
    .optional(),
  // Teacher and student.
  today_schedule: z.array(schedulePeriodSchema).optional(),
  // Student.
  my_subjects: z.array(mySubjectSchema).optional(),
  /** The student's own section, or null when they are in none this year. */
  section_label: z.string().nullable().optional(),
  /** Homework still to hand in (count), and the five most recent with where each stands. */
  pending_assignments: z
    .object({
      count: z.number(),
      items: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          subject_name: z.string(),
          due_on: z.string(),
          status: z.enum(['pending', 'submitted', 'late', 'marked']),
          marks: z.number().nullable(),
          max_marks: z.number().nullable(),
        }),
      ),
    })
    .optional(),
  current_grade: currentGradeSchema.nullable().optional(),
  // Parent.
  children: z.array(homeChildSchema).optional(),
  unread_messages: z.number().int().optional(),
  recent_notifications: z.array(homeNotificationSchema).optional(),
  // Everyone: the next HOME_EVENT_DAYS days' events meant for the caller.
  upcoming_events: z.array(homeEventSchema),
});
export type HomeDashboard = z.infer<typeof homeDashboardSchema>;
