import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, domainPattern, missingRoles, registrableDomainSchema } from './domains';

describe('registrable domains (spec 5.9)', () => {
  const strict = registrableDomainSchema(false);
  const dev = registrableDomainSchema(true);

  it('lower-cases, trims and drops www.', () => {
    expect(strict.parse('  WWW.Sunrise-Academy.CO.IN ')).toBe('sunrise-academy.co.in');
  });

  it.each(['school.com', 'school.in', 'school.gov.in', 'my-school.ac.in', 'x1.nic.in', 'school.biz'])(
    'accepts %s',
    (domain) => {
      expect(strict.safeParse(domain).success).toBe(true);
    },
  );

  it.each([
    'school',
    'school.co',
    'sub.school.in',
    '-school.in',
    'school-.in',
    'sch ool.in',
    'school.in.',
    'school.localhost',
  ])('refuses %s outside development', (domain) => {
    expect(strict.safeParse(domain).error?.issues[0]?.message).toBe(DOMAIN_MESSAGES.domainInvalid.text);
  });

  it('accepts *.localhost only when asked to', () => {
    expect(dev.parse('Sunrise-Academy.localhost')).toBe('sunrise-academy.localhost');
    expect(domainPattern(false).test('sunrise-academy.localhost')).toBe(false);
  });

  it('says what is missing first', () => {
    expect(strict.safeParse('').error?.issues[0]?.message).toBe('Please enter a domain name');
  });

  it('lists the roles without images in spec order', () => {
    expect(
      missingRoles([
        { role: 'student', image_url: '/x' },
        { role: 'admin', image_url: '' },
      ]),
    ).toEqual(['admin', 'director', 'principal', 'parent']);
    expect(DOMAIN_MESSAGES.roleImagesMissing(['director', 'parent']).text).toBe(
      'Please upload images for: director, parent',
    );
  });
});
