import Hotel from '@mui/icons-material/Hotel';
import { ROLES } from '@schooliko/common/auth';
import { NOTIFICATION_MESSAGES } from '@schooliko/common/notifications';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../app/permissions.testing';
import type { Labels } from '../kit/module';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import enNotifications from '../locales/en/notifications.json';
import enShell from '../locales/en/shell.json';
import enSidebar from '../locales/en/sidebar.json';
import hiCommon from '../locales/hi/common.json';
import hiHome from '../locales/hi/home.json';
import hiNotifications from '../locales/hi/notifications.json';
import hiShell from '../locales/hi/shell.json';
import hiSidebar from '../locales/hi/sidebar.json';
import mrCommon from '../locales/mr/common.json';
import mrHome from '../locales/mr/home.json';
import mrNotifications from '../locales/mr/notifications.json';
import mrShell from '../locales/mr/shell.json';
import mrSidebar from '../locales/mr/sidebar.json';
import { MODULES } from '../modules';
import {
  AVAILABLE_ROUTES,
  canOpen,
  closedReason,
  ENTRY_KEYS,
  entriesFor,
  homePathFor,
  isDashboardPath,
  labelOf,
  ROLE_ENTRIES,
  SIDEBAR_ENTRIES,
  sidebarOf,
} from './sidebar-items';
import { SIDEBAR_WIDTH } from './use-sidebar';

/**
 * The sidebar of the modules this suite was written with: a module added later (npm run
 * new-module) places its own entry and is checked by its own tests, so these stay as they are.
 */
const DESCRIBED_MODULES = ['people', 'fees', 'academics', 'messaging', 'reception', 'desk', 'website'];
const SIDEBAR = sidebarOf(
  MODULES.filter((m) => DESCRIBED_MODULES.includes(m.name)).flatMap((m) => m.screens),
);
const KEYS = SIDEBAR.map((entry) => entry.key);
const described = (entries: readonly { key: string }[]) =>
  entries.map((entry) => entry.key).filter((key) => KEYS.includes(key));

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );

/** An i18next t over the sidebar's strings in one language, as the shell has them. */
const tOf = (strings: Record<string, string>) =>
  ((key: string) => strings[key.replace(/^sidebar\./, '')]) as TFunction;
const english = (item: { key: string; label?: Labels }) => labelOf(item, tOf(enSidebar), 'en');

describe('sidebar entries (spec 2.2)', () => {
  it('lists every module of the spec in its order (and Academics and Messages, ADR 013), with exact English labels', () => {
    // Modules added later take their places without moving these.
    expect(SIDEBAR_ENTRIES.map((e) => e.key).filter((key) => KEYS.includes(key))).toEqual(KEYS);
    const labels = SIDEBAR.map(english);
    expect(labels).toEqual([
      'Branches',
      'School-Admin',
      'Website',
      'Reception',
      'Teachers',
      'Staff',
      'Students',
      'Parents',
      'Academics',
      'Messages',
      'Supervision',
      'Fees',
      'Finance',
      'Inventory',
      'Cards',
      'Certificates',
    ]);
    const certificates = SIDEBAR.find((e) => e.key === 'certificates')?.children ?? [];
    expect(certificates.map((c) => [english(c), c.path])).toEqual([
      ['Certificate Template', '/certificate-template'],
      ['SLC - school leaving certificate', '/slc-certificate'],
      ['Character certificate', '/character-certificate'],
      ['Experience letter(staff)', '/experience-letter'],
      ['Appreciation certificate', '/appreciation-certificate'],
    ]);
    const children = SIDEBAR.flatMap((e) => e.children ?? []);
    expect(children).toHaveLength(2 + 7 + 5 + 3 + 6 + 5 + 2 + 3 + 5);
  });

  it("puts the modules' screens in their groups, in order, after and among the shell's", () => {
    const group = (key: string) =>
      (SIDEBAR.find((e) => e.key === key)?.children ?? []).map((c) => [english(c), c.path]);
    expect(group('branches')).toEqual([
      ['School lists', '/school-lists'],
      ['Add School', '/add-school'],
    ]);
    expect(group('reception')).toEqual([
      ['Visitors', '/visitors'],
      ['Appointments', '/appointments'],
      ['Admission Enquiry', '/admission-enquiry'],
      ['Postal records', '/postal-records'],
      ['My post', '/my-post'],
      ['Complaints', '/complaints'],
      ['Suggestions', '/suggestions'],
    ]);
    expect(group('academics')).toEqual([
      ['Calendar', '/calendar'],
      ['Timetable', '/timetable'],
      ['Attendance', '/attendance'],
      ['Homework', '/homework'],
      ['Exams', '/exams'],
    ]);
    expect(group('fees')).toEqual([
      ['Tuition fees', '/tuition-fees'],
      ['Fine', '/fine'],
      ['Exam fees', '/exam-fees'],
      ['Add Fees Type', '/add-fees-type'],
      ['Dues', '/dues'],
      ['Reminder', '/reminder'],
    ]);
    const entries = SIDEBAR.filter((e) => e.path).map((e) => [e.key, e.path]);
    expect(entries).toEqual([
      ['schoolAdmin', '/admin'],
      ['website', '/create-website'],
      ['teachers', '/teacher'],
      ['staff', '/staff'],
      ['students', '/student'],
      ['parents', '/parent'],
      ['messages', '/messages'],
    ]);
    const paths = SIDEBAR.flatMap((e) => (e.path ? [e.path] : (e.children ?? []).map((c) => c.path)));
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ENTRY_KEYS).size).toBe(ENTRY_KEYS.length);
  });

  it("gives a module's screen at a placeholder's path the placeholder's place, and a new entry its own", () => {
    const label = { en: 'Hostel rooms', hi: 'छात्रावास कक्ष', mr: 'वसतिगृह खोल्या' };
    const page = () => Promise.resolve({ default: () => null });
    const entries = sidebarOf([
      {
        path: '/hostel',
        page,
        permission: 'students:read',
        sidebar: { group: 'supervision', order: 20, icon: Hotel, label },
      },
      {
        path: '/library',
        page,
        permission: 'students:read',
        sidebar: { entry: 'library', order: 105, icon: Hotel, label },
      },
    ]);
    const supervision = entries.find((e) => e.key === 'supervision')?.children ?? [];
    expect(supervision.map((c) => [english(c), c.path])).toEqual([
      ['Transport', '/transport'],
      ['Hostel rooms', '/hostel'],
      ['CCTV', '/cctv'],
    ]);
    expect(supervision.map((c) => labelOf(c, tOf(hiSidebar), 'hi'))).toEqual([
      'परिवहन',
      'छात्रावास कक्ष',
      'सीसीटीवी',
    ]);
    // Only the spec's entries and the two screens here: Library stands between Academics (90) and Supervision (110).
    expect(entries.map((e) => e.key)).toEqual([
      'branches',
      'schoolAdmin',
      'website',
      'reception',
      'academics',
      'library',
      'supervision',
      'fees',
      'finance',
      'inventory',
      'cards',
      'certificates',
    ]);
  });

  it('has each module label in Hindi and Marathi, translated', () => {
    const items = SIDEBAR.flatMap((e) => [e, ...(e.children ?? [])]).filter((item) => item.label);
    expect(items).toHaveLength(24);
    for (const { label } of items) {
      for (const text of [label?.hi, label?.mr]) expect(text).toMatch(/^[\u0900-\u097F][\u0900-\u097F -]*$/);
    }
  });

  it('gives admin every entry and each other role a subset, in the same order', () => {
    expect(entriesFor('admin').map((e) => e.key)).toEqual([...ENTRY_KEYS]);
    expect(described(entriesFor('admin'))).toEqual(KEYS);
    expect(described(entriesFor('teacher'))).toEqual([
      'reception',
      'teachers',
      'students',
      'parents',
      'academics',
      'supervision',
    ]);
    // A teacher who is the accountant also sees the staff list and Fees, in their places.
    expect(described(entriesFor('teacher', permissionsOf('teacher', ['accountant'])))).toEqual([
      'reception',
      'teachers',
      'staff',
      'students',
      'parents',
      'academics',
      'supervision',
      'fees',
    ]);
    for (const role of ROLES) {
      for (const key of ROLE_ENTRIES[role]) expect(ENTRY_KEYS).toContain(key);
    }
  });

  it('shows students and parents only what opens for them; staff keep the greyed rest (issue 32)', () => {
    for (const role of ['student', 'parent'] as const) {
      const permissions = permissionsOf(role);
      const paths = entriesFor(role, permissions).flatMap((entry) =>
        entry.children ? entry.children.map((child) => child.path) : [entry.path],
      );
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect(canOpen(path, role, permissions), `${role}: ${path}`).toBe(true);
    }
    // A parent's Fees group holds their children's dues, without the office's screens.
    const fees = entriesFor('parent', permissionsOf('parent')).find((entry) => entry.key === 'fees');
    expect(fees?.children?.length).toBeGreaterThan(0);
    // A class teacher's Students open their own sections' pupils, not a greyed office list (issue 32).
    const students = entriesFor('teacher', permissionsOf('teacher')).find((e) => e.key === 'students');
    expect(students?.path).toBe('/teacher/students');
    expect(canOpen('/teacher/students', 'teacher', permissionsOf('teacher'))).toBe(true);
    expect(entriesFor('admin').find((e) => e.key === 'students')?.path).toBe('/student');
    // A teacher still sees Supervision's greyed screens: the school may enable them.
    const supervision = entriesFor('teacher', permissionsOf('teacher')).find((e) => e.key === 'supervision');
    expect(supervision?.children?.map((child) => child.key)).toEqual(['transport', 'hostel', 'cctv']);
  });

  it('links only to built screens the role may open', () => {
    expect(canOpen('/admin', 'admin')).toBe(true);
    expect(canOpen('/admin', 'director')).toBe(true);
    expect(canOpen('/admin', 'teacher')).toBe(false);
    expect(canOpen('/teacher', 'admin')).toBe(false);
    expect(canOpen('/visitors', 'admin')).toBe(false);
    expect(canOpen('/visitors', 'teacher', ['reception:read'])).toBe(true);
    // A teacher reads their own post, not the front office's register.
    expect(canOpen('/my-post', 'teacher', permissionsOf('teacher'))).toBe(true);
    expect(canOpen('/postal-records', 'teacher', permissionsOf('teacher'))).toBe(false);
    expect(canOpen('/no-such-screen', 'admin')).toBe(false);
    // Branches: Add School for admins and directors, the group view for directors.
    expect(canOpen('/add-school', 'director')).toBe(true);
    expect(canOpen('/add-school', 'admin')).toBe(true);
    expect(canOpen('/add-school', 'teacher')).toBe(false);
    expect(canOpen('/director/group', 'director')).toBe(true);
    expect(canOpen('/director/group', 'admin')).toBe(false);
    for (const [path, roles] of Object.entries(AVAILABLE_ROUTES)) {
      expect(path.startsWith('/')).toBe(true);
      expect(roles.length).toBeGreaterThan(0);
    }
  });

  it("says why a closed entry is closed: another role's screen, or one not built yet", () => {
    expect(closedReason('/teacher')).toBe('shell.notForRole');
    expect(closedReason('/admin/dashboard')).toBe('shell.notForRole');
    expect(closedReason('/hostel')).toBe('shell.notEnabled');
    expect(closedReason(undefined)).toBe('shell.notEnabled');
    expect(enShell.notForRole).toBe('Not available in your current role');
  });

  it('sends every role home to a screen it may open, its own home when nothing better exists', () => {
    for (const role of ROLES) expect(canOpen(homePathFor(role), role)).toBe(true);
    expect(homePathFor('teacher')).toBe('/teacher');
    expect(homePathFor('parent')).toBe('/parent');
  });

  it('has the exact widths and hides the footer only on dashboards', () => {
    expect(SIDEBAR_WIDTH).toEqual({ expanded: 180, collapsed: 35 });
    expect(isDashboardPath('/admin/dashboard')).toBe(true);
    expect(isDashboardPath('/director/dashboard/')).toBe(true);
    expect(isDashboardPath('/admin')).toBe(false);
    expect(isDashboardPath('/dashboards')).toBe(false);
  });
});

describe('shell strings', () => {
  const sets: [string, Tree, Tree, Tree][] = [
    ['shell', enShell, hiShell, mrShell],
    ['sidebar', enSidebar, hiSidebar, mrSidebar],
    ['home', enHome, hiHome, mrHome],
    ['notifications', enNotifications, hiNotifications, mrNotifications],
    ['common', enCommon, hiCommon, mrCommon],
  ];

  it.each(sets)('%s: Hindi and Marathi have every English key, translated', (_name, en, hi, mr) => {
    const english = new Map(leaves(en));
    for (const other of [hi, mr]) {
      const translated = new Map(leaves(other));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      const untranslated = [...english].filter(
        ([key, text]) => /[a-z]{3}/i.test(text.replace(/\{\{\w+\}\}/g, '')) && translated.get(key) === text,
      );
      expect(untranslated).toEqual([]);
    }
  });

  it('keeps the texts the spec gives', () => {
    // The spec's fixed "Session 2025-26" now names the institute's current academic year.
    expect(enShell.sessionOf).toBe('Session {{name}}');
    expect(Object.values(enShell.quickCreateItems)).toEqual([
      'Admission',
      'Salary Payment',
      'Leave Tracker',
      'Due Fees Invoice',
      'Fees Pay Invoice',
    ]);
    expect([enShell.switchRole, enShell.profileSettings, enShell.logout]).toEqual([
      'Switch Role',
      'Profile Settings',
      'Logout',
    ]);
    expect(enShell.actions).toEqual({
      addGroup: 'Add Group',
      addInstitute: 'Add Institute',
      addStudent: 'Add Student',
    });
    expect(enNotifications.empty).toBe(NOTIFICATION_MESSAGES.empty.text);
    expect([
      enNotifications.new,
      enNotifications.loadMore,
      enNotifications.approve,
      enNotifications.reject,
    ]).toEqual(['New', 'Load More', 'Approve', 'Reject']);
  });
});
