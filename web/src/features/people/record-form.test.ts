import { updateGuardianSchema } from '@schooliko/common/people/guardians';
import { describe, expect, it } from 'vitest';
import { changedValues } from './record-form';

describe('changedValues: what an edit form PATCHes', () => {
  it('keeps only the fields the person changed, as the PATCH schema cleaned them', () => {
    const values = updateGuardianSchema.parse({
      name: 'Sunita Deshpande',
      phone: '98500 77777',
      email: '',
      annual_income: '6,00,000',
    });
    expect(changedValues(values, { phone: true, annual_income: true, email: false })).toEqual({
      phone: '9850077777',
      annual_income: 60000000,
    });
    expect(changedValues(values, {})).toEqual({});
  });
});
