import { describe, expect, it } from 'vitest';
import { DEV_DOMAIN, normaliseHost } from './hosts';

describe('normaliseHost', () => {
  it.each([
    ['localhost:3000', DEV_DOMAIN],
    ['127.0.0.1:3000', DEV_DOMAIN],
    ['[::1]:3000', DEV_DOMAIN],
    ['::1', DEV_DOMAIN],
    ['WWW.GreenValley.localhost:3000', 'greenvalley.localhost'],
    ['school.edu.in.', 'school.edu.in'],
    ['www.school.in', 'school.in'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });
});
