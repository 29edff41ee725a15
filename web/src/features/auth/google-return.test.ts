import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { GOOGLE_MESSAGES } from '@schooliko/common/google';
import { describe, expect, it } from 'vitest';
import { authMessageOf } from './google-return';

describe('the codes /signin shows from ?error=', () => {
  it('are our Google and auth texts only', () => {
    expect(authMessageOf('google.stateMismatch')).toBe(GOOGLE_MESSAGES.stateMismatch.text);
    expect(authMessageOf('auth.pendingApproval')).toBe(AUTH_MESSAGES.pendingApproval.text);
    for (const code of [
      null,
      '',
      'google',
      'google.constructor',
      'auth.toString',
      'students.notFound',
      'auth.pendingApproval.x',
      '<b>hi</b>',
    ])
      expect(authMessageOf(code)).toBeNull();
  });
});
