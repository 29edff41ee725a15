import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../app/permissions.testing';
import { screenAt } from '../../app/screens';

describe('where the records lists and the role homes meet', () => {
  it('keeps a teacher, student and parent at their home, and gives staff with the permission the list', () => {
    expect(screenAt('/teacher', 'teacher', permissionsOf('teacher'))).toBe('home');
    expect(screenAt('/teacher', 'admin', permissionsOf('admin'))).toBe('list');
    expect(screenAt('/student', 'student', permissionsOf('student'))).toBe('home');
    expect(screenAt('/student', 'director', permissionsOf('director'))).toBe('list');
    expect(screenAt('/student', 'teacher', permissionsOf('teacher'))).toBeNull();
    expect(screenAt('/student', 'teacher', permissionsOf('teacher', ['receptionist']))).toBe('list');
    expect(screenAt('/parent', 'parent', permissionsOf('parent'))).toBe('home');
    expect(screenAt('/staff', 'parent', permissionsOf('parent'))).toBeNull();
    expect(screenAt('/school-lists', 'admin', permissionsOf('admin'))).toBe('list');
  });
});
