import type { Permission } from '@schooliko/common/permissions';

/**
 * The messaging screens (app/screens.ts reads this): the Messages screen (DLT settings, SMS
 * templates, quiet hours and the send log) for whoever reads or configures messaging, and the fee
 * Reminder screen (the Fees group's /reminder) for whoever sends fee reminders.
 */
export const MESSAGING_SCREENS = {
  '/messages': { permission: ['messaging:read', 'messaging:configure'] },
  '/reminder': { permission: 'fees:remind' },
} as const satisfies Record<string, { permission: Permission | readonly Permission[] }>;
