import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, resetPasswordSchema, roleHome, signUpSchema } from './auth';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('password confirmation', () => {
  it('says the passwords do not match even while other fields are still invalid', () => {
    const result = signUpSchema.safeParse({ first_name: '', password: 'abcdef', confirm_password: 'abcdeg' });
    expect(messages(result).confirm_password).toBe(AUTH_MESSAGES.passwordsMismatch.text);
    expect(messages(result).first_name).toBe(AUTH_MESSAGES.firstNameRequired.text);
  });

  it('asks for the confirmation when it is empty, not for a match', () => {
    const result = resetPasswordSchema.safeParse({ token: 't', password: 'abcdefgh', confirm_password: '' });
    expect(messages(result).confirm_password).toBe(AUTH_MESSAGES.confirmRequired.text);
  });

  it('accepts matching passwords', () => {
    expect(
      resetPasswordSchema.safeParse({ token: 't', password: 'abcdefgh', confirm_password: 'abcdefgh' })
        .success,
    ).toBe(true);
  });
});

describe('roleHome', () => {
  it.each([
    ['admin', '/admin/dashboard'],
    ['director', '/director/dashboard'],
    ['teacher', '/teacher'],
    ['student', '/student'],
    ['parent', '/parent'],
  ] as const)('%s -> %s', (role, path) => expect(roleHome(role)).toBe(path));
});
