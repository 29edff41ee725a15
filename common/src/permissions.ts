import type { Role } from './auth';

/**
 * Authorization, declared once (DESIGN.md sections 1 and 3). A permission is a string
 * `<module>:<action>` or `<module>:<action>:own`. The `:own` form lets the caller reach only the
 * records tied to them (a teacher's sections, a parent's children, a student's own record); the
 * module's policy file says what "own" means. Routes declare which permission they need
 * (`config: { permission }`), one hook enforces it, `/api/auth/me` returns the caller's list and
 * the web derives its guards, sidebar and tiles from it.
 *
 * A later module adds its strings here, grants them to roles and job sets below, and declares
 * them on its routes. Nothing else changes.
 */
export const PERMISSIONS = [
  // People records (issue 12)
  'students:read',
  'students:read:own',
  'students:write',
  'students:write:own',
  'students:promote',
  'guardians:read',
  'guardians:read:own',
  'guardians:write',
  'staff:read',
  'staff:write',
  'classes:read',
  'classes:write',
  'people:import',
  'people:invite',
  'people:audit',
  'change-requests:create',
  'change-requests:review',
  'staff-jobs:assign',
  'branches:read',
  'academic-years:write',
  // Fees (issue 14): see dues and receipts, collect at the counter, set heads and structures,
  // cancel a receipt (posts its reversal).
  'fees:read',
  'fees:read:own',
  'fees:collect',
  'fees:configure',
  'fees:cancel',
  // The institute's name, slogan, logo, cover and role images (Update Profile, issue 17 item 9).
  'institute:branding',
  // Approve an ad-hoc concession the office asked for (admins and directors).
  'fees:approve',
  // Messaging (issue 13 item 6): the outbox and send log, the DLT templates and quiet hours.
  'messaging:read',
  'messaging:configure',
  // Fee reminders (issue 14 item 11): schedule them and send bulk reminders to defaulters.
  'fees:remind',
  // Reception (issue 15): visitors, passes, pick-ups, appointments, admission enquiries and the
  // postal register; admit turns an enquiry into a student (needs students:write as well).
  'reception:read',
  'reception:write',
  'enquiries:admit',
  // A staff member's own post: the register's entries addressed to them, confidential ones too.
  'postal:read:own',
  // A parent asks for an appointment from their home.
  'appointments:request',
  // Complaints: file one (anyone signed in), handle them (office). POCSO and sexual-harassment
  // complaints are visible to the members of their committee only, whatever the permission.
  'complaints:create',
  'complaints:read',
  'complaints:write',
  'complaints:committees',
  // Suggestions: anyone signed in may send one (optionally anonymous); the office reads them.
  'suggestions:create',
  'suggestions:read',
  // The school calendar (issue 13 item 1): everyone reads the events meant for them; the office
  // plans terms, holidays and events.
  'calendar:read',
  'calendar:write',
  // Subjects, the bell schedule and the timetable: staff read every week, students and parents
  // their own sections'; the office builds it.
  'timetable:read',
  'timetable:read:own',
  'timetable:write',
  // Attendance (issue 13 item 3): teachers take their sections' attendance, the office reads every
  // register and approves edits to days older than the edit window; pupils and parents read their own.
  'attendance:read',
  'attendance:read:own',
  'attendance:take',
  'attendance:approve',
  // Homework (issue 13 item 4): teachers set it for their sections and mark submissions; pupils
  // submit; parents read their children's.
  'homework:read',
  'homework:read:own',
  'homework:write',
  'homework:submit',
  // Exams and report cards (issue 13 item 5): the exam cell sets exams and grading scales, subject
  // teachers enter marks, pupils and parents read their own results and report cards. Remarks on
  // the report card: admins and directors any section's, a class teacher their own section's.
  'exams:read',
  'exams:read:own',
  'exams:marks',
  'exams:remarks',
  'exams:remarks:own',
  'exams:configure',
  // Background jobs: one's own, or (admins) every job of the institute.
  'jobs:read',
  'jobs:read:own',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do, before any job set. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  // Year-end promotion moves every pupil at once: the institute's admin alone runs it.
  director: PERMISSIONS.filter((p) => p !== 'students:promote'),
  teacher: [
    'students:read:own',
    'students:write:own',
    'guardians:read:own',
    'classes:read',
    'staff:read',
    'jobs:read:own',
    'complaints:create',
    'suggestions:create',
    'calendar:read',
    'timetable:read',
    'attendance:take',
    'homework:read',
    'homework:write',
    'exams:read',
    'exams:marks',
    'exams:remarks:own',
    'postal:read:own',
  ],
  student: [
    'students:read:own',
    'change-requests:create',
    'jobs:read:own',
    'fees:read:own',
    'complaints:create',
    'suggestions:create',
    'calendar:read',
    'timetable:read:own',
    'attendance:read:own',
    'homework:read:own',
    'homework:submit',
    'exams:read:own',
  ],
  parent: [
    'students:read:own',
    'guardians:read:own',
    'change-requests:create',
    'jobs:read:own',
    'fees:read:own',
    'appointments:request',
    'complaints:create',
    'suggestions:create',
    'calendar:read',
    'timetable:read:own',
    'attendance:read:own',
    'homework:read:own',
    'exams:read:own',
  ],
};

/**
 * Extra permission sets an admin gives a staff member for their job (front office, accounts, …).
 * They add to a staff role (teacher) only: a parent or student never acts with them.
 */
export const JOB_SETS = [
  'receptionist',
  'accountant',
  'librarian',
  'transport-manager',
  'hostel-warden',
  'exam-cell',
] as const;
export type JobSet = (typeof JOB_SETS)[number];

const READ_PEOPLE: readonly Permission[] = ['students:read', 'guardians:read', 'classes:read', 'staff:read'];

export const JOB_SET_PERMISSIONS: Readonly<Record<JobSet, readonly Permission[]>> = {
  receptionist: [
    ...READ_PEOPLE,
    'students:write',
    'guardians:write',
    'reception:read',
    'reception:write',
    'enquiries:admit',
    'complaints:read',
    'complaints:write',
    'suggestions:read',
  ],
  accountant: [...READ_PEOPLE, 'fees:read', 'fees:collect', 'fees:configure', 'fees:remind'],
  librarian: READ_PEOPLE,
  'transport-manager': READ_PEOPLE,
  'hostel-warden': READ_PEOPLE,
  'exam-cell': [...READ_PEOPLE, 'exams:read', 'exams:marks', 'exams:configure'],
};

/** Roles whose members act as staff, and so may hold job sets. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'director', 'teacher'];

/** The caller's permissions: those of the role they act in, plus their job sets' when staff. */
export function permissionsOf(role: Role, jobSets: readonly JobSet[] = []): Permission[] {
  const granted = new Set<Permission>(ROLE_PERMISSIONS[role]);
  if (STAFF_ROLES.includes(role))
    for (const job of jobSets) for (const p of JOB_SET_PERMISSIONS[job]) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** Whether `held` satisfies a route that needs any one of `needed`. */
export function allows(held: readonly string[], needed: Permission | readonly Permission[]): boolean {
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.some((p) => held.includes(p));
}

/** The roles that hold at least one of `needed` without any job set (for the access table). */
export function rolesAllowed(needed: Permission | readonly Permission[]): Role[] {
  return (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => allows(ROLE_PERMISSIONS[role], needed));
}
