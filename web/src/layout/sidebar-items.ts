import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AccountTree from '@mui/icons-material/AccountTree';
import AddBusiness from '@mui/icons-material/AddBusiness';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AutoStories from '@mui/icons-material/AutoStories';
import Badge from '@mui/icons-material/Badge';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Category from '@mui/icons-material/Category';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import ContactSupport from '@mui/icons-material/ContactSupport';
import CoPresent from '@mui/icons-material/CoPresent';
import CreditCard from '@mui/icons-material/CreditCard';
import CurrencyRupee from '@mui/icons-material/CurrencyRupee';
import Description from '@mui/icons-material/Description';
import DirectionsBus from '@mui/icons-material/DirectionsBus';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import EmojiPeople from '@mui/icons-material/EmojiPeople';
import EventAvailable from '@mui/icons-material/EventAvailable';
import FactCheck from '@mui/icons-material/FactCheck';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import Gavel from '@mui/icons-material/Gavel';
import Grading from '@mui/icons-material/Grading';
import HistoryEdu from '@mui/icons-material/HistoryEdu';
import Hotel from '@mui/icons-material/Hotel';
import Inventory2 from '@mui/icons-material/Inventory2';
import Lightbulb from '@mui/icons-material/Lightbulb';
import LocalPostOffice from '@mui/icons-material/LocalPostOffice';
import MarkunreadMailbox from '@mui/icons-material/MarkunreadMailbox';
import MenuBook from '@mui/icons-material/MenuBook';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import PendingActions from '@mui/icons-material/PendingActions';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Quiz from '@mui/icons-material/Quiz';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RecentActors from '@mui/icons-material/RecentActors';
import ReportProblem from '@mui/icons-material/ReportProblem';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Savings from '@mui/icons-material/Savings';
import Schedule from '@mui/icons-material/Schedule';
import School from '@mui/icons-material/School';
import Sms from '@mui/icons-material/Sms';
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
import { MODULE_SCREENS, screenAt } from '../app/screens';
import { ROUTE_ROLES } from '../features/auth/access';

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
 * True when `path` is a built screen that `role` may open: by the role's guard, or, for the people
 * records, by a permission the person holds (features/people/people.manifest.ts).
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
export type SidebarChild = { key: string; path: string; icon: Icon };
export type SidebarEntry = { key: EntryKey; icon: Icon } & (
  | { path: string; children?: undefined }
  | { path?: undefined; children: readonly SidebarChild[] }
);

export const ENTRY_KEYS = [
  'branches',
  'schoolAdmin',
  'website',
  'reception',
  'teachers',
  'staff',
  'students',
  'parents',
  'academics',
  'messages',
  'supervision',
  'fees',
  'finance',
  'inventory',
  'cards',
  'certificates',
] as const;
export type EntryKey = (typeof ENTRY_KEYS)[number];

/** Spec 2.2, in its order; labels are t('sidebar.<key>'). */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  {
    key: 'branches',
    icon: AccountTree,
    children: [
      { key: 'schoolLists', path: '/school-lists', icon: FormatListBulleted },
      { key: 'addSchool', path: '/add-school', icon: AddBusiness },
    ],
  },
  { key: 'schoolAdmin', path: '/admin', icon: AdminPanelSettings },
  { key: 'website', path: '/create-website', icon: Web },
  {
    key: 'reception',
    icon: SupportAgent,
    children: [
      { key: 'visitors', path: '/visitors', icon: EmojiPeople },
      { key: 'appointments', path: '/appointments', icon: EventAvailable },
      { key: 'admissionEnquiry', path: '/admission-enquiry', icon: ContactSupport },
      { key: 'postalRecords', path: '/postal-records', icon: LocalPostOffice },
      { key: 'myPost', path: '/my-post', icon: MarkunreadMailbox },
      { key: 'complaints', path: '/complaints', icon: ReportProblem },
      { key: 'suggestions', path: '/suggestions', icon: Lightbulb },
    ],
  },
  { key: 'teachers', path: '/teacher', icon: CoPresent },
  { key: 'staff', path: '/staff', icon: Badge },
  { key: 'students', path: '/student', icon: School },
  { key: 'parents', path: '/parent', icon: FamilyRestroom },
  // Not in the original's sidebar (spec 2.2): the school's teaching day (ADR 013).
  {
    key: 'academics',
    icon: AutoStories,
    children: [
      { key: 'calendar', path: '/calendar', icon: CalendarMonth },
      { key: 'timetable', path: '/timetable', icon: Schedule },
      { key: 'attendance', path: '/attendance', icon: FactCheck },
      { key: 'homework', path: '/homework', icon: Assignment },
      { key: 'exams', path: '/exams', icon: Grading },
    ],
  },
  // Not in the original's sidebar either: the one outbound channel's log, SMS templates and quiet hours.
  { key: 'messages', path: '/messages', icon: Sms },
  {
    key: 'supervision',
    icon: Visibility,
    children: [
      { key: 'transport', path: '/transport', icon: DirectionsBus },
      { key: 'hostel', path: '/hostel', icon: Hotel },
      { key: 'cctv', path: '/cctv', icon: Videocam },
    ],
  },
  {
    key: 'fees',
    icon: CurrencyRupee,
    children: [
      { key: 'tuitionFees', path: '/tuition-fees', icon: MenuBook },
      { key: 'fine', path: '/fine', icon: Gavel },
      { key: 'examFees', path: '/exam-fees', icon: Quiz },
      { key: 'addFeesType', path: '/add-fees-type', icon: PlaylistAdd },
      { key: 'dues', path: '/dues', icon: PendingActions },
      { key: 'reminder', path: '/reminder', icon: NotificationsActive },
    ],
  },
  {
    key: 'finance',
    icon: AccountBalance,
    children: [
      { key: 'account', path: '/account', icon: AccountBalanceWallet },
      { key: 'voucher', path: '/voucher', icon: ConfirmationNumber },
      { key: 'allTransaction', path: '/all-transaction', icon: ReceiptLong },
      { key: 'newDeposit', path: '/new-deposit', icon: Savings },
      { key: 'dueBills', path: '/due-bills', icon: RequestQuote },
    ],
  },
  {
    key: 'inventory',
    icon: Inventory2,
    children: [
      { key: 'addCategory', path: '/add-category', icon: Category },
      { key: 'addProduct', path: '/add-product', icon: AddShoppingCart },
    ],
  },
  {
    key: 'cards',
    icon: CreditCard,
    children: [
      { key: 'cardTemplate', path: '/card-template', icon: ViewQuilt },
      { key: 'studentICard', path: '/student-icard', icon: RecentActors },
      { key: 'employeeICard', path: '/employee-icard', icon: AssignmentInd },
    ],
  },
  {
    key: 'certificates',
    icon: WorkspacePremium,
    children: [
      { key: 'certificateTemplate', path: '/certificate-template', icon: Description },
      { key: 'slcCertificate', path: '/slc-certificate', icon: HistoryEdu },
      { key: 'characterCertificate', path: '/character-certificate', icon: VerifiedUser },
      { key: 'experienceLetter', path: '/experience-letter', icon: Work },
      { key: 'appreciationCertificate', path: '/appreciation-certificate', icon: EmojiEvents },
    ],
  },
];

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
export const ROLE_ENTRIES: Readonly<Record<Role, readonly EntryKey[]>> = {
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
 * The entries a person sees: their role's, and any other whose screen their permissions open (a
 * teacher who is the school's accountant sees Fees).
 */
export function entriesFor(role: Role, permissions: readonly string[] = []): readonly SidebarEntry[] {
  const allowed = new Set(ROLE_ENTRIES[role]);
  const opens = (path: string | undefined) =>
    path !== undefined && screenAt(path, role, permissions) !== null;
  return SIDEBAR_ENTRIES.filter(
    (entry) =>
      allowed.has(entry.key) || opens(entry.path) || (entry.children ?? []).some((c) => opens(c.path)),
  );
}

/** Spec 2.2 / 9: tooltip thresholds and look. */
export const LABEL_TOOLTIP_AT = { entry: 20, child: 18 } as const;
export const TOOLTIP_MAX_WIDTH = 220;
export const TOOLTIP_DELAY_MS = 100;
