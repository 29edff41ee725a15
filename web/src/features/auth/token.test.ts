import { describe, expect, it } from 'vitest';
import { checkToken, tokenExpiry } from './token';

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('token watch decisions (spec 4.2)', () => {
  const now = 1_700_000_000_000;

  it('reads exp from a JWT', () => {
    expect(tokenExpiry(jwt({ sub: 'u', exp: 1_700_000_900, name: 'Ä?>' }))).toBe(1_700_000_900);
  });

  it('leaves a token with more than 300 s left alone', () => {
    expect(checkToken(jwt({ exp: now / 1000 + 301 }), now)).toBe('ok');
  });

  it('refreshes with 300 s or less left, and when already expired', () => {
    expect(checkToken(jwt({ exp: now / 1000 + 300 }), now)).toBe('refresh');
    expect(checkToken(jwt({ exp: now / 1000 - 10 }), now)).toBe('refresh');
  });

  it('calls an undecodable token invalid', () => {
    expect(checkToken('not-a-jwt', now)).toBe('invalid');
    expect(checkToken('a.b.c', now)).toBe('invalid');
    expect(checkToken(jwt({ sub: 'no exp' }), now)).toBe('invalid');
    expect(checkToken(jwt({ exp: 'soon' }), now)).toBe('invalid');
  });
});
