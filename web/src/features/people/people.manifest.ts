import type { Role } from '@schooliko/common/auth';
import type { Permission } from '@schooliko/common/permissions';

/**
 * The people-records screens and what opens them (ADR 008). The sidebar's Teachers, Staff,
 * Students and Parents entries share their paths with the homes of the teacher, student and parent
 * roles: a person acting in that role keeps their home there; anyone else who holds the list's
 * permission gets the records list. The router, the sidebar and the home tiles read this (through app/screens.ts).
 */
export const PEOPLE_SCREENS: Readonly<Record<string, { permission: Permission; home?: Role }>> = {
  '/student': { permission: 'students:read', home: 'student' },
  '/teacher': { permission: 'staff:read', home: 'teacher' },
  '/staff': { permission: 'staff:read' },
  '/parent': { permission: 'guardians:read', home: 'parent' },
  '/school-lists': { permission: 'branches:read' },
};

/** Screens of people records beyond the lists, and the permission each needs (the router's guard). */
export const PEOPLE_PAGES = {
  /** Year-end promotion: admins only (it moves every pupil at once). */
  promote: { path: '/student/promote', permission: 'students:promote' },
} as const satisfies Record<string, { path: string; permission: Permission }>;
