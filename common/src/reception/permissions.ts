import { type Declared, definePermissions } from '../permissions';

/**
 * Reception (issue 15): visitors, passes, pick-ups and appointments; a parent asks for an
 * appointment from their home.
 */
export const RECEPTION_PERMISSIONS = definePermissions({
  'reception:read': { jobSets: ['receptionist'] },
  'reception:write': { jobSets: ['receptionist'] },
  'appointments:request': { roles: ['parent'] },
});

declare module '../permissions' {
  interface DeclaredPermissions extends Declared<typeof RECEPTION_PERMISSIONS> {}
}
