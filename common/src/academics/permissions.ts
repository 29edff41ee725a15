import { type Declared, definePermissions } from '../permissions';

/**
 * The school calendar (issue 13 item 1): everyone reads the events meant for them; the office
 * plans terms, holidays and events.
 */
export const CALENDAR_PERMISSIONS = definePermissions({
  'calendar:read': { roles: ['teacher', 'student', 'parent'] },
  'calendar:write': {},
});

/**
 * Subjects, the bell schedule and the timetable: staff read every week, students and parents
 * their own sections'; the office builds it.
 */
export const TIMETABLE_PERMISSIONS = definePermissions({
  'timetable:read': { roles: ['teacher'] },
  'timetable:read:own': { roles: ['student', 'parent'] },
  'timetable:write': {},
});

/**
 * Attendance (issue 13 item 3): teachers take their sections' attendance, the office reads every
 * register and approves edits to days older than the edit window; pupils and parents read their own.
 */
export const ATTENDANCE_PERMISSIONS = definePermissions({
  'attendance:read': {},
  'attendance:read:own': { roles: ['student', 'parent'] },
  'attendance:take': { roles: ['teacher'] },
  'attendance:approve': {},
});

/**
 * Homework (issue 13 item 4): teachers set it for their sections and mark submissions; pupils
 * submit; parents read their children's.
 */
export const HOMEWORK_PERMISSIONS = definePermissions({
  'homework:read': { roles: ['teacher'] },
  'homework:read:own': { roles: ['student', 'parent'] },
  'homework:write': { roles: ['teacher'] },
  'homework:submit': { roles: ['student'] },
});

/**
 * Exams and report cards (issue 13 item 5): the exam cell sets exams and grading scales, subject
 * teachers enter marks, pupils and parents read their own results and report cards. Remarks on
 * the report card: admins and directors any section's, a class teacher their own section's.
 */
export const EXAMS_PERMISSIONS = definePermissions({
  'exams:read': { roles: ['teacher'], jobSets: ['exam-cell'] },
  'exams:read:own': { roles: ['student', 'parent'] },
  'exams:marks': { roles: ['teacher'], jobSets: ['exam-cell'] },
  'exams:remarks': {},
  'exams:remarks:own': { roles: ['teacher'] },
  'exams:configure': { jobSets: ['exam-cell'] },
});

declare module '../permissions' {
  interface DeclaredPermissions
    extends Declared<typeof CALENDAR_PERMISSIONS>,
      Declared<typeof TIMETABLE_PERMISSIONS>,
      Declared<typeof ATTENDANCE_PERMISSIONS>,
      Declared<typeof HOMEWORK_PERMISSIONS>,
      Declared<typeof EXAMS_PERMISSIONS> {}
}
