import type { Permission } from '@schooliko/common/permissions';

/**
 * The fees screens of the sidebar's Fees group and what opens each (app/screens.ts reads this):
 * the counter for whoever collects, fee types and structures for whoever sets them.
 */
export const FEES_SCREENS = {
  '/tuition-fees': { permission: 'fees:collect' },
  '/add-fees-type': { permission: ['fees:configure', 'fees:read'] },
  '/fine': { permission: ['fees:configure', 'fees:read'] },
} as const satisfies Record<string, { permission: Permission | readonly Permission[] }>;
