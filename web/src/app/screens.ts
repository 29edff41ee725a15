import type { Role } from '@schooliko/common/auth';
import type { Permission } from '@schooliko/common/permissions';
import type { WebModule, WebScreen } from '../kit/module';
import { MODULES } from '../modules';

/** A module's screen with the module it belongs to (its strings load with the page). */
export type ModuleScreenOf = WebScreen & { module: WebModule };

/** Every screen of every module (web/src/modules.ts). */
export const SCREENS: readonly ModuleScreenOf[] = MODULES.flatMap((module) =>
  module.screens.map((screen) => ({ ...screen, module })),
);

/**
 * What opens each module screen (ADR 008): a permission the person holds (any of a list), and,
 * for a path shared with a role's home, that role. The router's guards, the sidebar and the home
 * tiles read `screenAt`.
 */
export type ModuleScreen = { permission: Permission | readonly Permission[]; home?: Role };

export const MODULE_SCREENS: Readonly<Record<string, ModuleScreen>> = Object.fromEntries(
  SCREENS.map((screen) => [screen.path, screen]),
);

/** What `path` shows a person acting as `role`: their home, the module's screen, or nothing. */
export function screenAt(path: string, role: Role, permissions: readonly string[]): 'home' | 'list' | null {
  const screen = MODULE_SCREENS[path];
  if (!screen) return null;
  if (screen.home === role) return 'home';
  const needed = typeof screen.permission === 'string' ? [screen.permission] : screen.permission;
  return needed.some((p) => permissions.includes(p)) ? 'list' : null;
}
