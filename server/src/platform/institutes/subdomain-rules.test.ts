import { describe, expect, it } from 'vitest';
import { decodeLabel, lookalikeKey, mixesScripts } from './subdomain-rules';

describe('the pieces of the subdomain rule', () => {
  it('decodes canonical punycode only', () => {
    expect(decodeLabel('greenvalley')).toBe('greenvalley');
    expect(decodeLabel('xn--grnvalley-h0ha')).toBe('gr\u0435\u0435nvalley');
    expect(decodeLabel('xn--grnvalley-9hhb')).toBeNull();
    expect(decodeLabel('xn--')).toBeNull();
  });

  it.each([
    ['greenvalley', false],
    ['sunrise-2', false],
    ['школа', false],
    ['विद्यालय', false],
    ['विद्यालय।', false],
    ['東京すし', false],
    ['한국學校', false],
    ['gr\u0435envalley', true],
    ['σchool', true],
    ['schoolविद्या', true],
  ])('%j mixes scripts: %s', (text, mixed) => {
    expect(mixesScripts(text)).toBe(mixed);
  });

  it('reads look-alikes the same: case, punctuation, digits for letters, other alphabets', () => {
    const key = lookalikeKey('Green Valley');
    expect(key).toBe(lookalikeKey('greenvalley'));
    for (const text of ['green-valley', 'GREENVALLEY', 'greenva11ey', 'gr\u0435\u0435nv\u0430lley'])
      expect([text, lookalikeKey(text)]).toEqual([text, key]);
    expect(lookalikeKey('оаѕіѕ')).toBe(lookalikeKey('oasis'));
    expect(lookalikeKey('bluebells')).not.toBe(key);
    expect(lookalikeKey('— !')).toBe('');
  });
});
