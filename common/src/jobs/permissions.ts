import { type Declared, definePermissions } from '../permissions';

/** Background jobs: one's own, or (admins) every job of the institute. */
export const JOBS_PERMISSIONS = definePermissions({
  'jobs:read': {},
  'jobs:read:own': { roles: ['teacher', 'student', 'parent'] },
});

declare module '../permissions' {
  interface DeclaredPermissions extends Declared<typeof JOBS_PERMISSIONS> {}
}
