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
  ],
  student: ['students:read:own', 'change-requests:create', 'jobs:read:own', 'fees:read:own'],
  parent: [
    'students:read:own',
    'guardians:read:own',
    'change-requests:create',
    'jobs:read:own',
    'fees:read:own',
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
  receptionist: [...READ_PEOPLE, 'students:write', 'guardians:write'],
  accountant: [...READ_PEOPLE, 'fees:read', 'fees:collect', 'fees:configure'],
  librarian: READ_PEOPLE,
  'transport-manager': READ_PEOPLE,
  'hostel-warden': READ_PEOPLE,
  'exam-cell': READ_PEOPLE,
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
