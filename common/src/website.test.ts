import { describe, expect, it } from 'vitest';
import { cleanPincodeInput, placeFromAnswer } from './pincode';
import { mapLink, profileSchema, socialUrl } from './profile';
import { isReservedSubdomain, RESERVED_SUBDOMAINS } from './subdomains';
import {
  createInstituteSchema,
  emptyWebsiteContent,
  slugify,
  WEBSITE_MESSAGES,
  websiteContentSchema,
} from './website';

describe('slugify', () => {
  it.each([
    ["St. Mary's Convent School, Pune", 'st-marys-convent-school-pune'],
    ['Sahyadri Vidya Niketan — Kharadi', 'sahyadri-vidya-niketan-kharadi'],
    ['Arts & Science College', 'arts-and-science-college'],
    ['  ---  ', ''],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps labels to 40 characters without a trailing hyphen', () => {
    const slug = slugify('The Very Long Name of an Institute of Higher Learning in Maharashtra');
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('socialUrl and mapLink', () => {
  it('expands handles and numbers, keeps links', () => {
    expect(socialUrl('instagram', '@sahyadri.pune')).toBe('https://www.instagram.com/sahyadri.pune');
    expect(socialUrl('youtube', '@SahyadriVN')).toBe('https://www.youtube.com/@SahyadriVN');
    expect(socialUrl('whatsapp', '98765 43210')).toBe('https://wa.me/919876543210');
    expect(socialUrl('whatsapp', '+44 7700 900123')).toBe('https://wa.me/447700900123');
    expect(socialUrl('facebook', 'https://facebook.com/x')).toBe('https://facebook.com/x');
    expect(socialUrl('telegram', ' ')).toBeNull();
  });

  it('links a point on OpenStreetMap only when both coordinates are known', () => {
    expect(mapLink(18.52, 73.85)).toBe(
      'https://www.openstreetmap.org/?mlat=18.52&mlon=73.85#map=16/18.52/73.85',
    );
    expect(mapLink(18.52, null)).toBeNull();
  });
});

describe('pincode helpers', () => {
  it('keeps digits only, at most six', () => {
    expect(cleanPincodeInput('41 10-01a9')).toBe('411001');
  });

  it("reads city and state from the service's answer, under today's state names", () => {
    const answer = [
      { Message: 'ok', Status: 'Success', PostOffice: [{ District: 'Khorda', State: 'Orissa' }] },
    ];
    expect(placeFromAnswer(answer)).toEqual({ city: 'Khorda', state: 'Odisha' });
    expect(placeFromAnswer([{ Message: 'No records found', Status: 'Error', PostOffice: null }])).toBeNull();
    expect(placeFromAnswer({ nonsense: true })).toBeNull();
  });
});

describe('schemas', () => {
  it('accept the empty builder with a name, and a bare profile', () => {
    expect(websiteContentSchema.safeParse(emptyWebsiteContent('Sahyadri')).success).toBe(true);
    expect(profileSchema.parse({})).toMatchObject({
      pincode: '',
      latitude: null,
      socialMedia: { facebook: '' },
    });
  });

  it('asks for the group or its name when the choice needs one', () => {
    const existing = websiteContentSchema.safeParse({
      ...emptyWebsiteContent('X'),
      group: { choice: 'existing' },
    });
    expect(existing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['group.group_id', 'Please choose a group'],
    ]);
    const create = websiteContentSchema.safeParse({
      ...emptyWebsiteContent('X'),
      group: { choice: 'create' },
    });
    expect(create.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['group.group_name', 'Group name is required'],
    ]);
  });
});

describe('the subdomain of a new institute', () => {
  const issues = (subdomain: string) =>
    createInstituteSchema
      .safeParse({ ...emptyWebsiteContent('Lotus School'), subdomain })
      .error?.issues.map((i) => [i.path.join('.'), i.message]);

  it.each(['www', 'api', 'admin', 'localhost', 'schooliko', 'ns1', 'billing'])(
    'refuses the reserved name %j, so the form says so inline',
    (label) => {
      expect(issues(label)).toEqual([['subdomain', WEBSITE_MESSAGES.subdomainReserved.text]]);
      expect(WEBSITE_MESSAGES.subdomainReserved.text).toBe(
        'This web address is reserved for Schooliko. Please choose another.',
      );
    },
  );

  it('accepts a name that merely contains a reserved word, and an empty one (made from the name)', () => {
    for (const label of ['', 'admin-academy', 'www-school', 'lotus-school'])
      expect(issues(label)).toBeUndefined();
  });

  it('keeps the reserved list in lower case and in the pattern', () => {
    for (const label of RESERVED_SUBDOMAINS) expect(label).toMatch(/^[a-z0-9-]+$/);
    expect(isReservedSubdomain('WWW')).toBe(true);
    expect(isReservedSubdomain('lotus')).toBe(false);
  });
});
