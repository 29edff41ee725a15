import type { Role } from '@schooliko/common/auth';
import {
  type JobSet,
  type Permission,
  type PermissionDeclarations,
  type PermissionTables,
  permissionsIn,
  permissionTables,
  rolesAllowedIn,
} from '@schooliko/common/permissions';

/**
 * The permissions of the app's modules (docs/modules.md, step 2): the catalogue, each role's and
 * each job set's grants, derived from what the module list declares (`permissions` in each
 * `<folder>.module.ts`). Installed once when the app starts, like the hooks, and never changed.
 */
let installed: PermissionTables | undefined;

export function installPermissions(modules: readonly { permissions?: PermissionDeclarations }[]) {
  installed = permissionTables(modules.map((m) => m.permissions ?? {}));
}

/** The installed tables; reading them before the app has installed its modules is a mistake. */
export function permissionCatalogue(): PermissionTables {
  if (!installed) throw new Error('Permissions are read before the modules are installed');
  return installed;
}

/** Throws for a permission no module declares, so a route naming one stops the app at start. */
export function assertDeclared(needed: readonly string[], where: string) {
  const known = permissionCatalogue().permissions as readonly string[];
  for (const p of needed)
    if (!known.includes(p)) throw new Error(`${where} needs ${p}, which no module declares`);
}

/** The caller's permissions: those of the role they act in, plus their job sets' when staff. */
export function permissionsOf(role: Role, jobSets: readonly JobSet[] = []): Permission[] {
  return permissionsIn(permissionCatalogue(), role, jobSets);
}

/** The roles that hold at least one of `needed` without any job set (for the access table). */
export function rolesAllowed(needed: Permission | readonly Permission[]): Role[] {
  return rolesAllowedIn(permissionCatalogue(), needed);
}
