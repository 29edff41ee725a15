import type { Role } from '@schooliko/common/auth';
import type { Permission } from '@schooliko/common/permissions';
import { ACADEMICS_SCREENS } from '../features/academics/academics.manifest';
import { DESK_SCREENS } from '../features/desk/desk.manifest';
import { FEES_SCREENS } from '../features/fees/fees.manifest';
import { MESSAGING_SCREENS } from '../features/messaging/messaging.manifest';
import { PEOPLE_SCREENS } from '../features/people/people.manifest';
import { RECEPTION_SCREENS } from '../features/reception/reception.manifest';

/**
 * A module's sidebar screens and what opens each (ADR 008): a permission the person holds (any of
 * a list), and, for a path shared with a role's home, that role. A module adds its manifest's
 * screens here; the router's guards, the sidebar and the home tiles read `screenAt`.
 */
export type ModuleScreen = { permission: Permission | readonly Permission[]; home?: Role };

export const MODULE_SCREENS: Readonly<Record<string, ModuleScreen>> = {
  ...PEOPLE_SCREENS,
  ...FEES_SCREENS,
  ...ACADEMICS_SCREENS,
  ...MESSAGING_SCREENS,
  ...RECEPTION_SCREENS,
  ...DESK_SCREENS,
};

/** What `path` shows a person acting as `role`: their home, the module's screen, or nothing. */
export function screenAt(path: string, role: Role, permissions: readonly string[]): 'home' | 'list' | null {
  const screen = MODULE_SCREENS[path];
  if (!screen) return null;
  if (screen.home === role) return 'home';
  const needed = typeof screen.permission === 'string' ? [screen.permission] : screen.permission;
  return needed.some((p) => permissions.includes(p)) ? 'list' : null;
}
