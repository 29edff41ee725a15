import { type Declared, definePermissions } from '../permissions';

/** Admit turns an admission enquiry into a student (needs students:write as well). */
export const ENQUIRIES_PERMISSIONS = definePermissions({
  'enquiries:admit': { jobSets: ['receptionist'] },
});

/** A staff member's own post: the register's entries addressed to them, confidential ones too. */
export const POSTAL_PERMISSIONS = definePermissions({
  'postal:read:own': { roles: ['teacher'] },
});

/**
 * Complaints: file one (anyone signed in), handle them (office). POCSO and sexual-harassment
 * complaints are visible to the members of their committee only, whatever the permission.
 */
export const COMPLAINTS_PERMISSIONS = definePermissions({
  'complaints:create': { roles: ['teacher', 'student', 'parent'] },
  'complaints:read': { jobSets: ['receptionist'] },
  'complaints:write': { jobSets: ['receptionist'] },
  'complaints:committees': {},
});

/** Suggestions: anyone signed in may send one (optionally anonymous); the office reads them. */
export const SUGGESTIONS_PERMISSIONS = definePermissions({
  'suggestions:create': { roles: ['teacher', 'student', 'parent'] },
  'suggestions:read': { jobSets: ['receptionist'] },
});

declare module '../permissions' {
  interface DeclaredPermissions
    extends Declared<typeof ENQUIRIES_PERMISSIONS>,
      Declared<typeof POSTAL_PERMISSIONS>,
      Declared<typeof COMPLAINTS_PERMISSIONS>,
      Declared<typeof SUGGESTIONS_PERMISSIONS> {}
}
