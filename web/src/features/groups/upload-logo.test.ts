import { GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { describe, expect, it } from 'vitest';
import { logoContextReady, logoFileProblem } from './upload-logo';

describe('group logo checks (spec 5.8)', () => {
  it('asks for a file when none is chosen', () => {
    expect(logoFileProblem(null)).toEqual({ code: 'noFile', message: 'Please select an image first' });
  });

  it('refuses types other than JPG, PNG, GIF and WebP', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 100 })?.message).toBe(
      'Please select a valid image file (JPG, PNG, GIF, WebP)',
    );
    expect(logoFileProblem({ type: 'application/pdf', size: 100 })?.code).toBe('invalidType');
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(logoFileProblem({ type, size: 100 })).toBeNull();
    }
  });

  it('takes files under 1 MB and names the size of bigger ones', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1024 * 1024 - 1 })).toBeNull();
    expect(logoFileProblem({ type: 'image/png', size: 1024 * 1024 })).toEqual({
      code: 'tooLarge',
      message: 'Image size should be less than 1MB. Current size: 1.00MB',
      max: 1,
      size: '1.00MB',
    });
    expect(logoFileProblem({ type: 'image/png', size: 2.5 * 1024 * 1024 })?.message).toBe(
      GROUP_LOGO_MESSAGES.tooLarge(1, '2.50MB').text,
    );
  });

  it('uploads only with a type, a name, a city and a 6-digit pincode', () => {
    const ready = { type: 'school_chain', name: 'Sunrise', city: 'Pune', pincode: '411001' };
    expect(logoContextReady(ready)).toBe(true);
    expect(logoContextReady({ ...ready, type: '' })).toBe(false);
    expect(logoContextReady({ ...ready, name: '  ' })).toBe(false);
    expect(logoContextReady({ ...ready, city: '' })).toBe(false);
    expect(logoContextReady({ ...ready, pincode: '41100' })).toBe(false);
    expect(logoContextReady({ ...ready, pincode: '41100a' })).toBe(false);
  });
});
