import { type Declared, definePermissions } from '../permissions';

/**
 * Fees (issue 14): see dues and receipts, collect at the counter, set heads and structures,
 * cancel a receipt (posts its reversal), approve an ad-hoc concession the office asked for
 * (admins and directors), schedule reminders and send bulk reminders to defaulters (item 11).
 */
export const FEES_PERMISSIONS = definePermissions({
  'fees:read': { jobSets: ['accountant'] },
  'fees:read:own': { roles: ['student', 'parent'] },
  'fees:collect': { jobSets: ['accountant'] },
  'fees:configure': { jobSets: ['accountant'] },
  'fees:cancel': {},
  'fees:approve': {},
  'fees:remind': { jobSets: ['accountant'] },
});

declare module '../permissions' {
  interface DeclaredPermissions extends Declared<typeof FEES_PERMISSIONS> {}
}
