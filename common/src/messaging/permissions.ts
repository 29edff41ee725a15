import { type Declared, definePermissions } from '../permissions';

/** Messaging (issue 13 item 6): the outbox and send log, the DLT templates and quiet hours. */
export const MESSAGING_PERMISSIONS = definePermissions({
  'messaging:read': {},
  'messaging:configure': {},
});

declare module '../permissions' {
  interface DeclaredPermissions extends Declared<typeof MESSAGING_PERMISSIONS> {}
}
