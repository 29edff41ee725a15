import { type Declared, definePermissions } from '../permissions';

/** The institute's name, slogan, logo, cover and role images (Update Profile, issue 17 item 9). */
export const PROFILE_PERMISSIONS = definePermissions({ 'institute:branding': {} });

declare module '../permissions' {
  interface DeclaredPermissions extends Declared<typeof PROFILE_PERMISSIONS> {}
}
