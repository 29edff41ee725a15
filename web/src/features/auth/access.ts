import type { Role } from '@schooliko/common/auth';

/**
 * Spec 6.2's guard table, for `<RequireAuth roles={ROUTE_ROLES.admin}>`. As DESIGN.md 6 reads it:
 * /admin admits admin or director, /admin/dashboard admin only, /director/* director only.
 */
export const ROUTE_ROLES = {
  admin: ['admin', 'director'],
  adminDashboard: ['admin'],
  director: ['director'],
  teacher: ['teacher'],
  student: ['student'],
  parent: ['parent'],
  createWebsite: ['admin', 'director'],
  updateProfile: ['admin', 'director'],
  addSchool: ['admin', 'director'],
  /** Spec 2.5's Profile Settings: everyone's own details and password (ROLES, kept off the first view). */
  profileSettings: ['admin', 'director', 'teacher', 'student', 'parent'],
} as const satisfies Record<string, readonly Role[]>;

/** Whether `role` is in `allowed`, compared case-insensitively; no list means any signed-in role. */
export function roleAllowed(role: string | null | undefined, allowed?: readonly string[]): boolean {
  if (!role) return false;
  if (!allowed || allowed.length === 0) return true;
  const mine = role.toLowerCase();
  return allowed.some((r) => r.toLowerCase() === mine);
}

const PATH_ROLES: [prefix: string, roles: readonly Role[]][] = [
  ['/admin/dashboard', ROUTE_ROLES.adminDashboard],
  ['/admin', ROUTE_ROLES.admin],
  ['/director', ROUTE_ROLES.director],
  ['/teacher', ROUTE_ROLES.teacher],
  ['/student', ROUTE_ROLES.student],
  ['/parent', ROUTE_ROLES.parent],
  ['/create-website', ROUTE_ROLES.createWebsite],
  ['/update-profile', ROUTE_ROLES.updateProfile],
  ['/add-school', ROUTE_ROLES.addSchool],
];

const AUTH_PATHS = ['/signin', '/signup', '/forgot-password', '/reset-password', '/unauthorized'];

/**
 * Whether a person with `role` may be sent back to `path` after signing in: not to an auth page,
 * and only where the guard table lets the role in (paths outside the table admit every role).
 */
export function mayReturnTo(role: Role, path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//')) return false;
  const pathname = (path.split(/[?#]/)[0] ?? '').toLowerCase();
  if (pathname === '/' || AUTH_PATHS.some((p) => pathname === p)) return false;
  const entry = PATH_ROLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return entry ? roleAllowed(role, entry[1]) : true;
}
