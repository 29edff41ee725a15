import { type Declared, definePermissions, JOB_SETS } from '../permissions';

// People records (issue 12). Every job set reads the people records.

export const STUDENTS_PERMISSIONS = definePermissions({
  'students:read': { jobSets: JOB_SETS },
  'students:read:own': { roles: ['teacher', 'student', 'parent'] },
  'students:write': { jobSets: ['receptionist'] },
  'students:write:own': { roles: ['teacher'] },
  // Inviting people to their accounts and reading a record's change history.
  'people:invite': {},
  'people:audit': {},
});

/** Year-end promotion moves every pupil at once: the institute's admin alone runs it. */
export const PROMOTIONS_PERMISSIONS = definePermissions({
  'students:promote': { adminOnly: true },
});

export const GUARDIANS_PERMISSIONS = definePermissions({
  'guardians:read': { jobSets: JOB_SETS },
  'guardians:read:own': { roles: ['teacher', 'parent'] },
  'guardians:write': { jobSets: ['receptionist'] },
});

export const STAFF_PERMISSIONS = definePermissions({
  'staff:read': { roles: ['teacher'], jobSets: JOB_SETS },
  'staff:write': {},
  'staff-jobs:assign': {},
});

export const CLASSES_PERMISSIONS = definePermissions({
  'classes:read': { roles: ['teacher'], jobSets: JOB_SETS },
  'classes:write': {},
  'academic-years:write': {},
});

export const IMPORTS_PERMISSIONS = definePermissions({ 'people:import': {} });

export const CHANGE_REQUESTS_PERMISSIONS = definePermissions({
  'change-requests:create': { roles: ['student', 'parent'] },
  'change-requests:review': {},
});

export const BRANCHES_PERMISSIONS = definePermissions({ 'branches:read': {} });

declare module '../permissions' {
  interface DeclaredPermissions
    extends Declared<typeof STUDENTS_PERMISSIONS>,
      Declared<typeof PROMOTIONS_PERMISSIONS>,
      Declared<typeof GUARDIANS_PERMISSIONS>,
      Declared<typeof STAFF_PERMISSIONS>,
      Declared<typeof CLASSES_PERMISSIONS>,
      Declared<typeof IMPORTS_PERMISSIONS>,
      Declared<typeof CHANGE_REQUESTS_PERMISSIONS>,
      Declared<typeof BRANCHES_PERMISSIONS> {}
}
