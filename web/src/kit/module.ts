import type SvgIcon from '@mui/material/SvgIcon';
import type { Role } from '@schooliko/common/auth';
import type { Permission } from '@schooliko/common/permissions';
import type { ComponentType } from 'react';
import type { LanguageCode } from '../app/i18n';
import { withModuleStrings } from '../app/lazy-page';
import type { SidebarGroup } from '../layout/sidebar-items';

/**
 * A web module, declared once (docs/modules.md, step 8): its strings, where its messages'
 * translations live and its screens. `web/src/modules.ts` lists every module; the router, the
 * sidebar, the home tiles, `messageText` and the i18n test are derived from that list.
 */
export type WebModuleDefinition = {
  /** The module's name: `fees`. */
  name: string;
  /**
   * Its strings files, `locales/<lang>/<file>.json`, loaded with its pages rather than with the
   * shell (app/i18n.ts: every file that is neither the first view's nor the shell's is a module's).
   */
  strings?: readonly string[];
  /**
   * Where each of its message namespaces (common's `defineMessages`) keeps its translations: a
   * code `fees.notFound` is read at `fees.messages.notFound` (kit/forms/messages.ts).
   */
  messages?: Readonly<Record<string, string>>;
  /** Its screens: the router's routes, the sidebar's entries and what opens each. */
  screens?: readonly WebScreen[];
};

/** A text in each language: the sidebar is drawn before a module's own strings load. */
export type Labels = Readonly<Record<LanguageCode, string>>;

export type WebScreen = {
  path: string;
  /** The page, loaded lazily with its module's strings: `() => import('./dues-page')`. */
  page: () => Promise<{ default: ComponentType }>;
  /** What opens it: a permission the person holds, or any of a list (ADR 008). */
  permission: Permission | readonly Permission[];
  /** For a path that doubles as a role's home: that role gets its home here (HomeOrList). */
  home?: Role;
  /** Its place in the sidebar; a screen reached from another screen has none. */
  sidebar?: SidebarPlace;
};

/**
 * A child of one of the spec's groups (layout/sidebar-items.ts), in `order` among the group's
 * children, or an entry of its own (`entry`, its key) in `order` among the spec's entries.
 * A child at the path of one of the spec's placeholders (Transport, Hostel, …) takes its place.
 */
export type SidebarPlace = (
  | { group: SidebarGroup; entry?: undefined }
  | { entry: string; group?: undefined }
) & {
  order: number;
  icon: typeof SvgIcon;
  label: Labels;
};

export type WebModule = WebModuleDefinition & {
  strings: readonly string[];
  messages: Readonly<Record<string, string>>;
  screens: readonly WebScreen[];
};

/** Declares a module; the defaults are filled in so that readers of the list need not check. */
export function defineWebModule<const M extends WebModuleDefinition>(module: M): M & WebModule {
  return { strings: [], messages: {}, screens: [], ...module };
}

/** A page of `module` outside its screens (a form it opens at its own path): loaded with its strings. */
export function modulePage(module: WebModule, page: () => Promise<{ default: ComponentType }>) {
  return withModuleStrings(module.strings, page);
}
