import type { Permission } from '@schooliko/common/permissions';

/**
 * The reception screens built by the desk (issue 15): admission enquiries, the postal register,
 * a staff member's own post, complaints and suggestions, and what opens each (app/screens.ts reads this).
 */
export const DESK_SCREENS = {
  '/admission-enquiry': { permission: 'reception:read' },
  '/postal-records': { permission: 'reception:read' },
  '/my-post': { permission: 'postal:read:own' },
  '/complaints': { permission: ['complaints:read', 'complaints:create'] },
  '/complaints/committees': { permission: 'complaints:committees' },
  '/suggestions': { permission: ['suggestions:read', 'suggestions:create'] },
} as const satisfies Record<string, { permission: Permission | readonly Permission[] }>;
