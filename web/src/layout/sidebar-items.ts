import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AccountTree from '@mui/icons-material/AccountTree';
import AddBusiness from '@mui/icons-material/AddBusiness';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AutoStories from '@mui/icons-material/AutoStories';
import Category from '@mui/icons-material/Category';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import CreditCard from '@mui/icons-material/CreditCard';
import CurrencyRupee from '@mui/icons-material/CurrencyRupee';
import Description from '@mui/icons-material/Description';
import DirectionsBus from '@mui/icons-material/DirectionsBus';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import HistoryEdu from '@mui/icons-material/HistoryEdu';
import Hotel from '@mui/icons-material/Hotel';
import Inventory2 from '@mui/icons-material/Inventory2';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RecentActors from '@mui/icons-material/RecentActors';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Savings from '@mui/icons-material/Savings';
import SupportAgent from '@mui/icons-material/SupportAgent';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Videocam from '@mui/icons-material/Videocam';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import Visibility from '@mui/icons-material/Visibility';
import Web from '@mui/icons-material/Web';
import Work from '@mui/icons-material/Work';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Role } from '@schooliko/common/auth';
import type { TFunction } from 'i18next';
import type { LanguageCode } from '../app/i18n';
import { MODULE_SCREENS, SCREENS, screenAt } from '../app/screens';
import { ROUTE_ROLES } from '../features/auth';
import type { Labels, WebScreen } from '../kit/module';

/**
 * Which signed-in screens exist, and who may open each: the one place that decides whether a
 * sidebar entry, a home quick-action card or the home button is a link or a disabled "Not yet
 * enabled for your institute" item. When you add a route to the shell layout in app-routes.tsx, add
 * its path here with the roles its guard admits (the same ROUTE_ROLES list you pass to RequireAuth).
 */
export const AVAILABLE_ROUTES: Readonly<Record<string, readonly Role[]>> = {
  '/admin': ROUTE_ROLES.admin,
  '/admin/dashboard': ROUTE_ROLES.adminDashboard,
  '/director': ROUTE_ROLES.director,
  '/director/dashboard': ROUTE_ROLES.director,
  '/director/create-group': ROUTE_ROLES.director,
  '/director/edit-group': ROUTE_ROLES.director,
  '/director/group': ROUTE_ROLES.director,
  '/teacher': ROUTE_ROLES.teacher,
  '/teacher/students': ROUTE_ROLES.teacher,
  '/student': ROUTE_ROLES.student,
  '/parent': ROUTE_ROLES.parent,
  '/create-website': ROUTE_ROLES.createWebsite,
  '/update-profile': ROUTE_ROLES.updateProfile,
  '/profile-settings': ROUTE_ROLES.profileSettings,
  '/admin/create-institute': ROUTE_ROLES.admin,
  '/add-school': ROUTE_ROLES.addSchool,
};

/** Spec 2.2: no footer on dashboard paths. */
export function isDashboardPath(pathname: string): boolean {
  return /\/dashboard\/?$/.test(pathname);
}

/**
 * Why a closed entry is closed, as a shell string key: the screen exists but belongs to other
 * roles (switching role may open it), or it is not built for the institute yet.
 */
export function closedReason(path: string | undefined): 'shell.notForRole' | 'shell.notEnabled' {
  return path !== undefined && (path in AVAILABLE_ROUTES || path in MODULE_SCREENS)
    ? 'shell.notForRole'
    : 'shell.notEnabled';
}

/**
 * True when `path` is a built screen that `role` may open: by the role's guard, or, for a module's
 * screen, by a permission the person holds (app/screens.ts).
 */
export function canOpen(path: string, role: Role, permissions: readonly string[] = []): boolean {
  return (AVAILABLE_ROUTES[path]?.includes(role) ?? false) || screenAt(path, role, permissions) !== null;
}

/**
 * Where the home button, the logo and Switch Role take a role: its dashboard (spec 6.1) once that
 * screen exists, otherwise its home page (spec 2.11; a director's is /admin, which admits them).
 */
export function homePathFor(role: Role): string {
  const dashboard = role === 'admin' || role === 'director' ? `/${role}/dashboard` : `/${role}`;
  if (canOpen(dashboard, role)) return dashboard;
  if (canOpen(`/${role}`, role)) return `/${role}`;
  return '/admin';
}

type Icon = typeof SvgIcon;
/** A sidebar item: a module's carries its label (`label`), the shell's reads t('sidebar.<key>'). */
export type SidebarChild = { key: string; path: string; icon: Icon; label?: Labels };
export type SidebarEntry = { key: string; icon: Icon; label?: Labels } & (
  | { path: string; children?: undefined }
  | { path?: undefined; children: readonly SidebarChild[] }
);
type Placed<T> = T & { order: number };
type SpecEntry = Placed<{ key: string; icon: Icon }> &
  ({ path: string; children?: undefined } | { path?: undefined; children: readonly Placed<SidebarChild>[] });

/**
 * The spec's entries (spec 2.2) that the shell draws, with their places (`order`). The modules
 * (web/src/modules.ts) add theirs by the same numbers: Teachers 50, Staff 60, Students 70 and
 * Parents 80 (people records), Messages 100, and the children of the groups (School lists in
 * Branches, Reception's, Academics', Fees'). A group's children here are the shell's screens and
 * placeholders for the spec's screens no module builds yet, shown disabled; a module's screen at
 * a placeholder's path takes its place.
 */
const SPEC_ENTRIES = [
  {
    key: 'branches',
    order: 10,
    icon: AccountTree,
    children: [{ key: 'addSchool', path: '/add-school', icon: AddBusiness, order: 20 }],
  },
  { key: 'schoolAdmin', order: 20, path: '/admin', icon: AdminPanelSettings },
  { key: 'website', order: 30, path: '/create-website', icon: Web },
  { key: 'reception', order: 40, icon: SupportAgent, children: [] },
  // Not in the original's sidebar (spec 2.2): the school's teaching day (ADR 013).
  { key: 'academics', order: 90, icon: AutoStories, children: [] },
  {
    key: 'supervision',
    order: 110,
    icon: Visibility,
    children: [
      { key: 'transport', path: '/transport', icon: DirectionsBus, order: 10 },
      { key: 'hostel', path: '/hostel', icon: Hotel, order: 20 },
      { key: 'cctv', path: '/cctv', icon: Videocam, order: 30 },
    ],
  },
  { key: 'fees', order: 120, icon: CurrencyRupee, children: [] },
  {
    key: 'finance',
    order: 130,
    icon: AccountBalance,
    children: [
      { key: 'account', path: '/account', icon: AccountBalanceWallet, order: 10 },
      { key: 'voucher', path: '/voucher', icon: ConfirmationNumber, order: 20 },
      { key: 'allTransaction', path: '/all-transaction', icon: ReceiptLong, order: 30 },
      { key: 'newDeposit', path: '/new-deposit', icon: Savings, order: 40 },
      { key: 'dueBills', path: '/due-bills', icon: RequestQuote, order: 50 },
    ],
  },
  {
    key: 'inventory',
    order: 140,
    icon: Inventory2,
    children: [
      { key: 'addCategory', path: '/add-category', icon: Category, order: 10 },
      { key: 'addProduct', path: '/add-product', icon: AddShoppingCart, order: 20 },
    ],
  },
  {
    key: 'cards',
    order: 150,
    icon: CreditCard,
    children: [
      { key: 'cardTemplate', path: '/card-template', icon: ViewQuilt, order: 10 },
      { key: 'studentICard', path: '/student-icard', icon: RecentActors, order: 20 },
      { key: 'employeeICard', path: '/employee-icard', icon: AssignmentInd, order: 30 },
    ],
  },
  {
    key: 'certificates',
    order: 160,
    icon: WorkspacePremium,
    children: [
      { key: 'certificateTemplate', path: '/certificate-template', icon: Description, order: 10 },
      { key: 'slcCertificate', path: '/slc-certificate', icon: HistoryEdu, order: 20 },
      { key: 'characterCertificate', path: '/character-certificate', icon: VerifiedUser, order: 30 },
      { key: 'experienceLetter', path: '/experience-letter', icon: Work, order: 40 },
      { key: 'appreciationCertificate', path: '/appreciation-certificate', icon: EmojiEvents, order: 50 },
    ],
  },
] as const satisfies readonly SpecEntry[];

/** The spec's groups, where a module may place its screens (kit/module.ts, `sidebar.group`). */
export type SidebarGroup = Extract<(typeof SPEC_ENTRIES)[number], { children: unknown }>['key'];

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** The spec's entries with the modules' screens put in their places. */
export function sidebarOf(
  screens: readonly WebScreen[],
  spec: readonly SpecEntry[] = SPEC_ENTRIES,
): SidebarEntry[] {
  const placed = screens.flatMap(({ path, sidebar }) => (sidebar ? [{ path, ...sidebar }] : []));
  const built = new Set(placed.map((screen) => screen.path));
  const own: Placed<SidebarEntry>[] = placed.flatMap(({ entry, path, order, icon, label }) =>
    entry === undefined ? [] : [{ key: entry, path, order, icon, label }],
  );
  const groups = spec.map((entry): Placed<SidebarEntry> => {
    if (!entry.children) return entry;
    const children: Placed<SidebarChild>[] = [
      ...entry.children.filter((child) => !built.has(child.path)),
      ...placed
        .filter((screen) => screen.group === entry.key)
        .map(({ path, order, icon, label }) => ({ key: path, path, order, icon, label })),
    ];
    return { ...entry, children: children.sort(byOrder) };
  });
  return [...groups, ...own].sort(byOrder);
}

/** Spec 2.2, in its order, with every module's screens (web/src/modules.ts) in their places. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = sidebarOf(SCREENS);

/** Whether `path` is a screen the sidebar names (built, or a spec screen not enabled yet). */
export function isSidebarScreen(path: string): boolean {
  return SIDEBAR_ENTRIES.some(
    (entry) => entry.path === path || (entry.children ?? []).some((child) => child.path === path),
  );
}

/** Every entry's key, in the sidebar's order. */
export const ENTRY_KEYS: readonly string[] = SIDEBAR_ENTRIES.map((entry) => entry.key);

/** An item's label in `language`: the module's own, or the shell's t('sidebar.<key>'). */
export function labelOf(item: { key: string; label?: Labels }, t: TFunction, language: string): string {
  return item.label ? (item.label[language as LanguageCode] ?? item.label.en) : t(`sidebar.${item.key}`);
}

/**
 * Which entries each role sees (DESIGN 6: the sidebar is filtered to what the role may use).
 *
 * | role     | entries                                                                        |
 * |----------|--------------------------------------------------------------------------------|
 * | admin    | all                                                                            |
 * | director | Branches, School-Admin, Website, Teachers, Staff, Students, Parents, Academics, Fees, Finance |
 * | teacher  | Reception, Teachers (their own home), Students, Parents, Academics, Supervision |
 * | student  | Students (their own home), Academics                                           |
 * | parent   | Parents (their own home), Academics, Fees (to see and pay their children's dues) |
 *
 * A listed entry is a link only where `canOpen` says so; the rest show disabled.
 */
export const ROLE_ENTRIES: Readonly<Record<Role, readonly string[]>> = {
  admin: ENTRY_KEYS,
  director: [
    'branches',
    'schoolAdmin',
    'website',
    'teachers',
    'staff',
    'students',
    'parents',
    'academics',
    'fees',
    'finance',
  ],
  teacher: ['reception', 'teachers', 'students', 'parents', 'academics', 'supervision'],
  student: ['students', 'academics'],
  parent: ['parents', 'academics', 'fees'],
};

/**
 * Roles that never run the school. They see only what they can open: a greyed staff screen
 * ("Add Fees Type", "Postal records") or a module the institute has not enabled is nothing they
 * can act on (issue 32; a departure from the spec's one sidebar for all, noted in the README).
 */
const FAMILY_ROLES: readonly Role[] = ['student', 'parent'];

/**
 * Where an entry (or a home card of the same name) leads a role whose own screen of it is
 * elsewhere: a teacher's Students are the pupils of the sections they lead or teach in
 * (/teacher/students), not the office's list of every pupil (issue 32).
 */
const ROLE_PATHS: Partial<Record<Role, Readonly<Record<string, string>>>> = {
  teacher: { students: '/teacher/students' },
};
export const entryPath = (role: Role, key: string, path: string) => ROLE_PATHS[role]?.[key] ?? path;

/**
 * The entries a person sees: their role's, and any other whose screen their permissions open (a
 * teacher who is the school's accountant sees Fees). Staff see the rest of a group greyed, with
 * the reason; students and parents only what opens.
 */
export function entriesFor(role: Role, permissions: readonly string[] = []): readonly SidebarEntry[] {
  const allowed = new Set(ROLE_ENTRIES[role]);
  const opens = (path: string | undefined) =>
    path !== undefined && screenAt(path, role, permissions) !== null;
  const entries = SIDEBAR_ENTRIES.map((entry) =>
    entry.path ? { ...entry, path: entryPath(role, entry.key, entry.path) } : entry,
  ).filter(
    (entry) =>
      allowed.has(entry.key) || opens(entry.path) || (entry.children ?? []).some((c) => opens(c.path)),
  );
  if (!FAMILY_ROLES.includes(role)) return entries;
  return entries.flatMap((entry): SidebarEntry[] => {
    if (!entry.children) return canOpen(entry.path, role, permissions) ? [entry] : [];
    const children = entry.children.filter((child) => canOpen(child.path, role, permissions));
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** Spec 2.2 / 9: tooltip thresholds and look. */
export const LABEL_TOOLTIP_AT = { entry: 20, child: 18 } as const;
export const TOOLTIP_MAX_WIDTH = 220;
export const TOOLTIP_DELAY_MS = 100;
