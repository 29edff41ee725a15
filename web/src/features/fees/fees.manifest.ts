import type { Permission } from '@schooliko/common/permissions';

/**
 * The fees screens of the sidebar's Fees group and what opens each (app/screens.ts reads this):
 * the counter for whoever collects (and a parent's own children's fees: fees:read:own), fee types
 * and structures for whoever sets them, the dues report for whoever reads the school's fees.
 */
export const FEES_SCREENS = {
  '/tuition-fees': { permission: ['fees:collect', 'fees:read:own'] },
  '/add-fees-type': { permission: ['fees:configure', 'fees:read'] },
  '/pay-online': { permission: 'fees:read:own' },
  '/dues': { permission: 'fees:read' },
  '/fine': { permission: ['fees:configure', 'fees:read'] },
  '/exam-fees': { permission: ['fees:configure', 'fees:read'] },
} as const satisfies Record<string, { permission: Permission | readonly Permission[] }>;
