import { describe, expect, it } from 'vitest';
import { boardsInGroup, EDUCATION_BOARDS } from './boards';
import { INSTITUTE_TYPE_IDS, INSTITUTE_TYPES, isInstituteTypeId, subTypesOf } from './institute-types';
import { EDUCATION_MEDIA } from './media';
import { INDIAN_STATES, normaliseStateName, STATES_AND_UNION_TERRITORIES } from './states';

const unique = <T>(xs: readonly T[]): boolean => new Set(xs).size === xs.length;

describe('institute types', () => {
  it('has exactly the 20 ids of the spec, each described once', () => {
    expect(INSTITUTE_TYPE_IDS).toHaveLength(20);
    expect(INSTITUTE_TYPES.map((t) => t.id)).toEqual([...INSTITUTE_TYPE_IDS]);
    expect(isInstituteTypeId('coaching-center')).toBe(true);
    expect(isInstituteTypeId('casino')).toBe(false);
  });

  it('gives every type a label and unique sub-type values', () => {
    for (const t of INSTITUTE_TYPES) {
      expect(t.label).not.toBe('');
      expect(t.subTypes.length).toBeGreaterThan(0);
      expect(unique(t.subTypes.map((s) => s.value))).toBe(true);
    }
  });

  it('lists the school sub-types exactly', () => {
    expect(subTypesOf('school').map((s) => s.label)).toEqual([
      'CBSE',
      'ICSE',
      'State Board',
      'International',
      'Government',
      'Private',
      'Aided',
      'Boarding',
      'Day',
      'Convent',
      'Military',
      'Montessori',
    ]);
    expect(subTypesOf('school')[2]).toEqual({ value: 'state-board', label: 'State Board' });
  });

  it('includes the coaching sub-types the spec names', () => {
    const labels = subTypesOf('coaching-center').map((s) => s.label);
    for (const l of ['JEE', 'NEET', 'UPSC', 'Banking', 'SSC', 'Railway', 'Defense', 'General']) {
      expect(labels).toContain(l);
    }
  });

  it('answers an empty list for an unknown id', () => {
    expect(subTypesOf('nope')).toEqual([]);
  });
});

describe('boards and media', () => {
  it('groups boards as national, international and about 35 state boards', () => {
    expect(boardsInGroup('national').map((b) => b.value)).toEqual(['cbse', 'icse', 'cisce', 'nios']);
    expect(boardsInGroup('international').map((b) => b.value)).toEqual(['ib', 'caie', 'edexcel']);
    expect(boardsInGroup('state').length).toBeGreaterThanOrEqual(30);
    expect(unique(EDUCATION_BOARDS.map((b) => b.value))).toBe(true);
  });

  it('has English, Hindi, regional languages and the mixed choices', () => {
    const labels = EDUCATION_MEDIA.map((m) => m.label);
    expect(labels.slice(0, 2)).toEqual(['English', 'Hindi']);
    expect(labels.slice(-4)).toEqual(['English-Hindi', 'English-Regional', 'Multilingual', 'Other']);
    expect(labels.length - 6).toBeGreaterThanOrEqual(33);
    expect(unique(EDUCATION_MEDIA.map((m) => m.value))).toBe(true);
  });
});

describe('states', () => {
  it('has 28 states and 8 union territories, sorted A–Z', () => {
    const kinds = STATES_AND_UNION_TERRITORIES.map((s) => s.kind);
    expect(kinds.filter((k) => k === 'state')).toHaveLength(28);
    expect(kinds.filter((k) => k === 'union-territory')).toHaveLength(8);
    expect(INDIAN_STATES).toHaveLength(36);
    expect(unique(INDIAN_STATES)).toBe(true);
    expect([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(INDIAN_STATES);
    expect(INDIAN_STATES).toContain('Ladakh');
    expect(INDIAN_STATES).not.toContain('Daman and Diu');
  });

  it.each([
    ['Orissa', 'Odisha'],
    ['ODISHA', 'Odisha'],
    ['Pondicherry', 'Puducherry'],
    ['Uttaranchal', 'Uttarakhand'],
    ['Chattisgarh', 'Chhattisgarh'],
    ['CHATTISGARH', 'Chhattisgarh'],
    ['Dadra & Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['DAMAN & DIU', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['Dadra and Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['Jammu & Kashmir', 'Jammu and Kashmir'],
    ['Andaman & Nicobar Islands', 'Andaman and Nicobar Islands'],
    ['Andaman & Nicobar', 'Andaman and Nicobar Islands'],
    ['ANDHRA PRADESH', 'Andhra Pradesh'],
    ['  tamil   nadu ', 'Tamil Nadu'],
    ['NCT of Delhi', 'Delhi'],
    ['Ladakh', 'Ladakh'],
  ])('normalises %j to %j', (raw, name) => {
    expect(normaliseStateName(raw)).toBe(name);
  });

  it('answers null for names it does not know', () => {
    expect(normaliseStateName('Atlantis')).toBeNull();
    expect(normaliseStateName('')).toBeNull();
  });
});
