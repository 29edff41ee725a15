import type { Role } from './auth';

/**
 * Authorization, declared once (DESIGN.md sections 1 and 3). A permission is a string
 * `<module>:<action>` or `<module>:<action>:own`. The `:own` form lets the caller reach only the
 * records tied to them (a teacher's sections, a parent's children, a student's own record); the
 * module's policy file says what "own" means. Routes declare which permission they need
 * (`config: { permission }`), one hook enforces it, `/api/auth/me` returns the caller's list and
 * the web derives its guards, sidebar and tiles from it.
 *
 * A module declares its strings and their grants once, with `definePermissions()`, in
 * `common/src/<area>/permissions.ts` (so both sides name them), and its server definition lists
 * them (`permissions` in `<folder>.module.ts`). The server derives the catalogue, the roles' and
 * the job sets' grants from its module list (`server/src/kit/permissions.ts`). Nothing here
 * changes for a new module.
 */

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

/** Roles whose members act as staff, and so may hold job sets. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'director', 'teacher'];

/**
 * Who holds a permission. An admin holds every permission and a director every one but those
 * marked `adminOnly`; the other roles and the job sets hold those granted to them here.
 */
export type PermissionGrant = {
  roles?: readonly Exclude<Role, 'admin' | 'director'>[];
  jobSets?: readonly JobSet[];
  /** The institute's admin alone (year-end promotion moves every pupil at once). */
  adminOnly?: true;
};

/** One module's permissions: each string with its grant, in the order `/api/auth/me` lists them. */
export type PermissionDeclarations = Readonly<Record<string, PermissionGrant>>;

/**
 * Every declared permission, by name. Each `<area>/permissions.ts` adds its strings with
 * `declare module '../permissions' { interface DeclaredPermissions extends Declared<typeof X> {} }`,
 * so a route or a screen naming a string no module declares does not compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each area's declaration merging
export interface DeclaredPermissions {}
/** The names of `declarations`, for `DeclaredPermissions`. */
export type Declared<D extends PermissionDeclarations> = { readonly [P in keyof D]: true };
export type Permission = Extract<keyof DeclaredPermissions, string>;

/** Declares a module's permissions; the identity function is there for the types and for grep. */
export function definePermissions<const D extends PermissionDeclarations>(declarations: D): D {
  return declarations;
}

/** What a list of modules' declarations grants: the catalogue, each role's and each job set's. */
export type PermissionTables = {
  permissions: readonly Permission[];
  roles: Readonly<Record<Role, readonly Permission[]>>;
  jobSets: Readonly<Record<JobSet, readonly Permission[]>>;
};

/** The tables of `declarations`, in their order; a string declared twice is a mistake. */
export function permissionTables(declarations: readonly PermissionDeclarations[]): PermissionTables {
  const grants = new Map<Permission, PermissionGrant>();
  for (const declared of declarations)
    for (const [name, grant] of Object.entries(declared)) {
      if (grants.has(name as Permission)) throw new Error(`Permission ${name} is declared twice`);
      grants.set(name as Permission, grant);
    }
  const permissions = [...grants.keys()];
  const holding = (test: (grant: PermissionGrant) => boolean) =>
    permissions.filter((p) => test(grants.get(p) ?? {}));
  const byRole = (role: Role) => holding((g) => g.roles?.includes(role as never) ?? false);
  const byJob = (job: JobSet) => holding((g) => g.jobSets?.includes(job) ?? false);
  return {
    permissions,
    roles: {
      admin: permissions,
      director: holding((g) => !g.adminOnly),
      teacher: byRole('teacher'),
      student: byRole('student'),
      parent: byRole('parent'),
    },
    jobSets: Object.fromEntries(JOB_SETS.map((job) => [job, byJob(job)])) as Record<JobSet, Permission[]>,
  };
}

/** The caller's permissions under `tables`: their role's, plus their job sets' when staff. */
export function permissionsIn(
  tables: PermissionTables,
  role: Role,
  jobSets: readonly JobSet[] = [],
): Permission[] {
  const granted = new Set<Permission>(tables.roles[role]);
  if (STAFF_ROLES.includes(role))
    for (const job of jobSets) for (const p of tables.jobSets[job]) granted.add(p);
  return tables.permissions.filter((p) => granted.has(p));
}

/** Whether `held` satisfies a route that needs any one of `needed`. */
export function allows(held: readonly string[], needed: Permission | readonly Permission[]): boolean {
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.some((p) => held.includes(p));
}

/** The roles that hold at least one of `needed` without any job set (for the access table). */
export function rolesAllowedIn(tables: PermissionTables, needed: Permission | readonly Permission[]): Role[] {
  return (Object.keys(tables.roles) as Role[]).filter((role) => allows(tables.roles[role], needed));
}
