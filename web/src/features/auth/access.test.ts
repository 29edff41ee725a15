import { describe, expect, it } from 'vitest';
import { mayReturnTo, ROUTE_ROLES, roleAllowed } from './access';

describe('route guard checks (spec 6.2)', () => {
  it('compares roles case-insensitively and admits any role without a list', () => {
    expect(roleAllowed('Admin', ROUTE_ROLES.adminDashboard)).toBe(true);
    expect(roleAllowed('DIRECTOR', ROUTE_ROLES.admin)).toBe(true);
    expect(roleAllowed('director', ROUTE_ROLES.adminDashboard)).toBe(false);
    expect(roleAllowed('admin', ROUTE_ROLES.director)).toBe(false);
    expect(roleAllowed('student', undefined)).toBe(true);
    expect(roleAllowed(null, undefined)).toBe(false);
  });

  it('follows the table: /admin admin or director, /admin/dashboard admin, /director/* director', () => {
    expect(mayReturnTo('director', '/admin')).toBe(true);
    expect(mayReturnTo('director', '/admin/dashboard')).toBe(false);
    expect(mayReturnTo('admin', '/admin/dashboard?tab=1')).toBe(true);
    expect(mayReturnTo('admin', '/director/create-group')).toBe(false);
    expect(mayReturnTo('director', '/director/edit-group')).toBe(true);
    expect(mayReturnTo('teacher', '/teacher/add-student')).toBe(true);
    expect(mayReturnTo('student', '/parent')).toBe(false);
    expect(mayReturnTo('parent', '/create-website')).toBe(false);
    expect(mayReturnTo('director', '/update-profile')).toBe(true);
    expect(mayReturnTo('director', '/director/group')).toBe(true);
    expect(mayReturnTo('admin', '/director/group')).toBe(false);
    expect(mayReturnTo('director', '/add-school')).toBe(true);
    expect(mayReturnTo('admin', '/add-school')).toBe(true);
    expect(mayReturnTo('teacher', '/add-school')).toBe(false);
  });

  it('never returns to an auth page, the landing page or another site', () => {
    expect(mayReturnTo('admin', '/signin')).toBe(false);
    expect(mayReturnTo('admin', '/reset-password?token=x')).toBe(false);
    expect(mayReturnTo('admin', '/')).toBe(false);
    expect(mayReturnTo('admin', '//evil.example/admin')).toBe(false);
    expect(mayReturnTo('admin', 'https://evil.example')).toBe(false);
    expect(mayReturnTo('admin', undefined)).toBe(false);
    expect(mayReturnTo('student', '/contact')).toBe(true);
  });
});
