import { describe, expect, it } from 'vitest';
import { updateGuardianSchema } from './guardians';
import { updateStudentSchema } from './students';

describe('patchOf: a PATCH body keeps missing fields out', () => {
  it('does not fill in defaults or nulls for fields left out', () => {
    expect(updateStudentSchema.parse({ roll_no: '12' })).toEqual({ roll_no: '12' });
    expect(updateGuardianSchema.parse({ phone: '+91 98765 43210' })).toEqual({ phone: '9876543210' });
  });

  it('still transforms and checks the fields that are sent', () => {
    expect(updateStudentSchema.parse({ section_id: '', blood_group: null, nationality: '' })).toEqual({
      section_id: null,
      blood_group: null,
      nationality: 'Indian',
    });
    expect(updateStudentSchema.safeParse({ pincode: '12' }).error?.issues[0]?.message).toBe(
      'Pincode must be 6 digits',
    );
    expect(updateGuardianSchema.safeParse({ phone: '' }).error?.issues[0]?.message).toBe(
      'A guardian needs a mobile number',
    );
  });
});
