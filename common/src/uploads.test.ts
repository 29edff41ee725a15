import { describe, expect, it } from 'vitest';
import { formatMb, parseUploadFolder, reduceDomain, uploadFolder } from './uploads';

describe('upload folders (spec 7.6)', () => {
  const day = new Date(2025, 0, 9);

  it('builds the counter, the reduced domain and the date, then logo or the role', () => {
    expect(uploadFolder(42, 'Sunrise-Academy.co.in', day, { kind: 'logo' })).toBe(
      'schooliko/0042_sunriseacademycoin_20250109/logo',
    );
    expect(uploadFolder(10_003, 'a.in', day, { kind: 'role', role: 'parent' })).toBe(
      'schooliko/0003_ain_20250109/roles/parent',
    );
    expect(reduceDomain('the-very-long-school-name-of-india.edu')).toBe('theverylongschoolnam');
  });

  it('parses what it builds, with the size limit of each kind', () => {
    expect(parseUploadFolder(uploadFolder(1, 'x.in', day, { kind: 'logo' }))).toEqual({
      target: { kind: 'logo' },
      maxMb: 1,
    });
    expect(parseUploadFolder(uploadFolder(1, 'x.in', day, { kind: 'role', role: 'admin' }))).toEqual({
      target: { kind: 'role', role: 'admin' },
      maxMb: 2,
    });
  });

  it.each([
    '',
    'schooliko/0001_xin_20250109',
    'schooliko/0001_xin_20250109/logo/',
    'schooliko/0001_xin_20250109/logo/../../x',
    'schooliko/0001_xin_20250109/roles/teacher',
    'schooliko/0001_x.in_20250109/logo',
    'schooliko/0001_xin_20251301/logo',
    'other/0001_xin_20250109/logo',
  ])('refuses %j', (folder) => {
    expect(parseUploadFolder(folder)).toBeNull();
  });

  it('shows sizes as spec 5.8 does', () => {
    expect(formatMb(1.5 * 1024 * 1024)).toBe('1.50MB');
  });
});
