import { describe, expect, it } from 'vitest';
import { GROUP_LOGO_MESSAGES } from './group-logo';
import { GROUP_MESSAGES, GROUP_TAG_SUGGESTIONS, GROUP_TYPE_OPTIONS, groupCreateSchema } from './groups';
import { formatMb } from './uploads';

const valid = {
  group_name: 'Sunrise Schools',
  group_type: 'school_chain',
  group_address: { street: '1 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
};

function messages(input: unknown): Record<string, string> {
  const result = groupCreateSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('group catalogue', () => {
  it('has the six types and 21 tag suggestions of spec 3.5', () => {
    expect(GROUP_TYPE_OPTIONS.map((o) => o.label)).toEqual([
      'School Chain',
      'College Chain',
      'Universities',
      'Group of Institutes',
      'Computer Center Chain',
      'Sports Club',
    ]);
    expect(GROUP_TAG_SUGGESTIONS).toHaveLength(21);
  });
});

describe('group create schema (spec 5.7)', () => {
  it('accepts the minimum and fills the defaults', () => {
    const parsed = groupCreateSchema.parse(valid);
    expect(parsed.group_address.country).toBe('India');
    expect(parsed.isPrimaryDirector).toBe(true);
    expect(parsed.isPrincipal).toBe(false);
    expect(parsed.group_logo).toBeNull();
    expect(parsed.group_establishment_year).toBeUndefined();
  });

  it('reports each required field with its exact message', () => {
    expect(messages({})).toEqual({
      group_name: GROUP_MESSAGES.nameRequired.text,
      group_type: 'Group type is required',
      'group_address.street': 'Street address is required',
      'group_address.city': 'City is required',
      'group_address.state': 'State is required',
      'group_address.pincode': 'Pincode is required',
    });
  });

  it('checks pincode, email, website and year', () => {
    const errors = messages({
      ...valid,
      group_address: { ...valid.group_address, pincode: '41100' },
      group_email: 'not-an-email',
      group_website: 'www.example.com',
      group_establishment_year: 1799,
    });
    expect(errors).toEqual({
      'group_address.pincode': 'Pincode must be 6 digits',
      group_email: 'Please enter a valid email address',
      group_website: 'Website URL should start with http:// or https://',
      group_establishment_year: 'Please enter a valid year',
    });
    const nextYear = new Date().getFullYear() + 1;
    expect(messages({ ...valid, group_establishment_year: String(nextYear) })).toEqual({
      group_establishment_year: 'Please enter a valid year',
    });
    expect(messages({ ...valid, group_establishment_year: '1800', group_website: 'https://x.in' })).toEqual(
      {},
    );
  });

  it('removes duplicate tags regardless of case', () => {
    expect(groupCreateSchema.parse({ ...valid, group_tags: ['CBSE', 'cbse', 'Sports'] }).group_tags).toEqual([
      'CBSE',
      'Sports',
    ]);
  });

  it('prints logo sizes as the spec shows them', () => {
    expect(GROUP_LOGO_MESSAGES.tooLarge(1, formatMb(1.2 * 1024 * 1024)).text).toBe(
      'Image size should be less than 1MB. Current size: 1.20MB',
    );
  });
});
