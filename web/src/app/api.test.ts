import { describe, expect, it } from 'vitest';
import { failureOf } from './api';

describe('failureOf: a failed call as people read it', () => {
  it("takes the server's message, status and string field errors", () => {
    const error = {
      status: 422,
      data: { success: false, message: 'Fix the form', errors: { email: 'Bad', n: 1 } },
    };
    expect(failureOf(error, 'Sign in failed')).toEqual({
      status: 422,
      message: 'Fix the form',
      errors: { email: 'Bad' },
    });
  });

  it('falls back to the given text, else null, when the server sent no message', () => {
    const network = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(failureOf(network, 'Sign in failed')).toEqual({
      status: 'FETCH_ERROR',
      message: 'Sign in failed',
      errors: {},
    });
    expect(failureOf(undefined)).toEqual({ status: null, message: null, errors: {} });
  });
});
