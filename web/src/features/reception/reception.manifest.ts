import type { Permission } from '@schooliko/common/permissions';

/**
 * The reception screens of the sidebar's Reception group that this folder builds, and what opens
 * each (app/screens.ts reads this): the front desk reads and writes visitors and appointments;
 * a parent asks for an appointment from their home (appointments:request), not from this screen.
 */
export const RECEPTION_SCREENS = {
  '/visitors': { permission: 'reception:read' },
  '/appointments': { permission: 'reception:read' },
} as const satisfies Record<string, { permission: Permission | readonly Permission[] }>;
