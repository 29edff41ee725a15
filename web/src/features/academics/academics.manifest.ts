import type { Permission } from '@schooliko/common/permissions';

/**
 * The screens of the sidebar's Academics group (ADR 013) and what opens each (app/screens.ts
 * reads this): everyone reads the calendar meant for them; the office plans it.
 */
export const ACADEMICS_SCREENS = {
  '/calendar': { permission: 'calendar:read' },
  '/timetable': { permission: ['timetable:read', 'timetable:read:own'] },
  // Staff read and set homework; students and parents read their own (students hand it in).
  '/homework': { permission: ['homework:read', 'homework:read:own'] },
  '/exams': { permission: ['exams:configure', 'exams:marks', 'exams:read', 'exams:read:own'] },
  '/attendance': {
    permission: ['attendance:read', 'attendance:read:own', 'attendance:take', 'attendance:approve'],
  },
} as const satisfies Record<string, { permission: Permission | readonly Permission[] }>;
