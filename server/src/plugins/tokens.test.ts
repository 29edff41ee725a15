import { ACCESS_TOKEN_SECONDS } from '@schooliko/common/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessClaims, TokenService } from './tokens';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const claims: AccessClaims = {
  userId: '00000000-0000-4000-8000-000000000001',
  instituteId: '00000000-0000-4000-8000-000000000002',
  role: 'teacher',
  familyId: '00000000-0000-4000-8000-000000000003',
  isOperator: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService.verifyAccess', () => {
  it('answers a verified token again until the second it expires, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T10:00:00.000Z'));
    const tokens = new TokenService(SECRET);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);

    const expiresAt = Date.parse('2025-06-01T10:00:00.000Z') + ACCESS_TOKEN_SECONDS * 1000;
    vi.setSystemTime(expiresAt - 1);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    vi.setSystemTime(expiresAt);
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('refuses a remembered token with one character of its signature changed, and a foreign one', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await tokens.verifyAccess(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
    const foreign = await new TokenService(`${SECRET}-other`).signAccess(claims);
    expect(await tokens.verifyAccess(foreign)).toBeNull();
  });
});
