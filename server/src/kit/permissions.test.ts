import { permissionTables } from '@schooliko/common/permissions';
import { describe, expect, it } from 'vitest';
import { ALL_MODULES } from '../modules/routes';
import {
  assertDeclared,
  installPermissions,
  permissionCatalogue,
  permissionsOf,
  rolesAllowed,
} from './permissions';

installPermissions(ALL_MODULES);

const sorted = (list: readonly string[]) => [...list].sort();

/** The grants as they were before the modules declared them (common/src/permissions.ts of beef400). */
describe('the permissions derived from the module list', () => {
  it('grant an admin every permission and a director every one but promotion', () => {
    const all = sorted(permissionCatalogue().permissions);
    expect(all).toHaveLength(62);
    expect(sorted(permissionsOf('admin'))).toEqual(all);
    expect(sorted(permissionsOf('director'))).toEqual(all.filter((p) => p !== 'students:promote'));
  });

  it('grant a teacher what a teacher held', () => {
    expect(sorted(permissionsOf('teacher'))).toEqual([
      'attendance:take',
      'calendar:read',
      'classes:read',
      'complaints:create',
      'exams:marks',
      'exams:read',
      'exams:remarks:own',
      'guardians:read:own',
      'homework:read',
      'homework:write',
      'jobs:read:own',
      'postal:read:own',
      'staff:read',
      'students:read:own',
      'students:write:own',
      'suggestions:create',
      'timetable:read',
    ]);
  });

  it('grant a student what a student held', () => {
    expect(sorted(permissionsOf('student'))).toEqual([
      'attendance:read:own',
      'calendar:read',
      'change-requests:create',
      'complaints:create',
      'exams:read:own',
      'fees:read:own',
      'homework:read:own',
      'homework:submit',
      'jobs:read:own',
      'students:read:own',
      'suggestions:create',
      'timetable:read:own',
    ]);
  });

  it('grant a parent what a parent held', () => {
    expect(sorted(permissionsOf('parent'))).toEqual([
      'appointments:request',
      'attendance:read:own',
      'calendar:read',
      'change-requests:create',
      'complaints:create',
      'exams:read:own',
      'fees:read:own',
      'guardians:read:own',
      'homework:read:own',
      'jobs:read:own',
      'students:read:own',
      'suggestions:create',
      'timetable:read:own',
    ]);
  });

  it('grant each job set what it held', () => {
    const jobs = permissionCatalogue().jobSets;
    expect(sorted(jobs.receptionist)).toEqual([
      'classes:read',
      'complaints:read',
      'complaints:write',
      'enquiries:admit',
      'guardians:read',
      'guardians:write',
      'reception:read',
      'reception:write',
      'staff:read',
      'students:read',
      'students:write',
      'suggestions:read',
    ]);
    expect(sorted(jobs.accountant)).toEqual([
      'classes:read',
      'fees:collect',
      'fees:configure',
      'fees:read',
      'fees:remind',
      'guardians:read',
      'staff:read',
      'students:read',
    ]);
    expect(sorted(jobs.librarian)).toEqual(['classes:read', 'guardians:read', 'staff:read', 'students:read']);
    expect(sorted(jobs['transport-manager'])).toEqual([
      'classes:read',
      'guardians:read',
      'staff:read',
      'students:read',
    ]);
    expect(sorted(jobs['hostel-warden'])).toEqual([
      'classes:read',
      'guardians:read',
      'staff:read',
      'students:read',
    ]);
    expect(sorted(jobs['exam-cell'])).toEqual([
      'classes:read',
      'exams:configure',
      'exams:marks',
      'exams:read',
      'guardians:read',
      'staff:read',
      'students:read',
    ]);
  });

  it('add job sets to a staff role only', () => {
    expect(permissionsOf('teacher', ['accountant'])).toContain('fees:collect');
    expect(permissionsOf('parent', ['accountant'])).not.toContain('fees:collect');
    expect(rolesAllowed('students:promote')).toEqual(['admin']);
  });

  it('refuses a permission declared twice and a route naming one nobody declares', () => {
    expect(() => permissionTables([{ 'fees:read': {} }, { 'fees:read': {} }])).toThrow(
      'Permission fees:read is declared twice',
    );
    expect(() => assertDeclared(['fees:read', 'fees:bogus'], 'GET /api/fees')).toThrow(
      'GET /api/fees needs fees:bogus, which no module declares',
    );
  });
});
