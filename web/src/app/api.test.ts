import { describe, expect, it } from 'vitest';
import { failureOf } from './api';

describe('failureOf: a failed call as people read it', () => {
  it("takes the server's message with its code, the status, and the fields' texts and codes", () => {
    const error = {
      status: 429,
      data: {
        success: false,
        message: 'Too many attempts. Please try again in 42 seconds.',
        code: 'auth.tooManyAttempts',
        params: { count: 42 },
        errors: { email: 'Please enter a valid email address', n: 1 },
        codes: { email: { code: 'auth.emailInvalid' }, n: 'junk' },
      },
    };
    expect(failureOf(error, 'Sign in failed')).toEqual({
      status: 429,
      message: 'Too many attempts. Please try again in 42 seconds.',
      coded: { code: 'auth.tooManyAttempts', params: { count: 42 } },
      errors: { email: 'Please enter a valid email address' },
      codes: { email: { code: 'auth.emailInvalid' } },
    });
  });

  it('falls back to the given text, else null, when the server sent no message; no code then', () => {
    const network = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(failureOf(network, 'Sign in failed')).toEqual({
      status: 'FETCH_ERROR',
      message: 'Sign in failed',
      coded: undefined,
      errors: {},
      codes: {},
    });
    expect(failureOf(undefined)).toEqual({
      status: null,
      message: null,
      coded: undefined,
      errors: {},
      codes: {},
    });
  });
});
