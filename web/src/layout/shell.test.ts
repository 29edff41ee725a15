import { ROLES } from '@schooliko/common/auth';
import { NOTIFICATION_MESSAGES } from '@schooliko/common/notifications';
import { permissionsOf } from '@schooliko/common/permissions';
import { describe, expect, it } from 'vitest';
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
import {
  AVAILABLE_ROUTES,
  canOpen,
  closedReason,
  ENTRY_KEYS,
  entriesFor,
  homePathFor,
  isDashboardPath,
  ROLE_ENTRIES,
  SIDEBAR_ENTRIES,
} from './sidebar-items';
import { SIDEBAR_WIDTH } from './use-sidebar';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );

describe('sidebar entries (spec 2.2)', () => {
  it('lists every module of the spec in its order (and Academics and Messages, ADR 013), with exact English labels', () => {
    const labels = SIDEBAR_ENTRIES.map((e) => (enSidebar as Record<string, string>)[e.key]);
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
    const certificates = SIDEBAR_ENTRIES.find((e) => e.key === 'certificates')?.children ?? [];
    expect(certificates.map((c) => [(enSidebar as Record<string, string>)[c.key], c.path])).toEqual([
      ['Certificate Template', '/certificate-template'],
      ['SLC - school leaving certificate', '/slc-certificate'],
      ['Character certificate', '/character-certificate'],
      ['Experience letter(staff)', '/experience-letter'],
      ['Appreciation certificate', '/appreciation-certificate'],
    ]);
    const children = SIDEBAR_ENTRIES.flatMap((e) => e.children ?? []);
    expect(children).toHaveLength(2 + 7 + 5 + 3 + 6 + 5 + 2 + 3 + 5);
  });

  it('gives admin every entry and each other role a subset, in the same order', () => {
    expect(entriesFor('admin').map((e) => e.key)).toEqual([...ENTRY_KEYS]);
    expect(entriesFor('teacher').map((e) => e.key)).toEqual([
      'reception',
      'teachers',
      'students',
      'parents',
      'academics',
      'supervision',
    ]);
    // A teacher who is the accountant also sees the staff list and Fees, in their places.
    expect(entriesFor('teacher', permissionsOf('teacher', ['accountant'])).map((e) => e.key)).toEqual([
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
