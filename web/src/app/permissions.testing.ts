import type { Role } from '@schooliko/common/auth';
import {
  type JobSet,
  type Permission,
  type PermissionDeclarations,
  permissionsIn,
  permissionTables,
} from '@schooliko/common/permissions';

/**
 * Every area's declared permissions (`common/src/<area>/permissions.ts`), for tests that need a
 * role's permissions without a server. The app itself reads them from `GET /api/auth/me`.
 */
const areas = import.meta.glob<Record<string, PermissionDeclarations>>(
  '../../../common/src/*/permissions.ts',
  {
    eager: true,
  },
);
const tables = permissionTables(Object.values(areas).flatMap((area) => Object.values(area)));

/** What `/api/auth/me` lists for a caller acting in `role` with `jobSets` (in another order). */
export function permissionsOf(role: Role, jobSets: readonly JobSet[] = []): Permission[] {
  return permissionsIn(tables, role, jobSets);
}
