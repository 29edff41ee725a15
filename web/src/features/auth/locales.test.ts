import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { GOOGLE_MESSAGES } from '@schooliko/common/google';
import { INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import { textsOf } from '@schooliko/common/messages';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/auth.json';
import enGoogle from '../../locales/en/google.json';
import enToast from '../../locales/en/toast.json';
import hi from '../../locales/hi/auth.json';
import hiGoogle from '../../locales/hi/google.json';
import hiToast from '../../locales/hi/toast.json';
import mr from '../../locales/mr/auth.json';
import mrGoogle from '../../locales/mr/google.json';
import mrToast from '../../locales/mr/toast.json';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );

describe('auth and toast strings', () => {
  it('Hindi and Marathi have every English key, translated', () => {
    for (const [english, ...others] of [
      [en, hi, mr],
      [enToast, hiToast, mrToast],
      [enGoogle, hiGoogle, mrGoogle],
    ] as Tree[][]) {
      const keys = leaves(english as Tree).sort();
      for (const other of others) expect(leaves(other as Tree).sort()).toEqual(keys);
    }
    expect(hi.messages.instituteMissing).not.toBe(en.messages.instituteMissing);
    expect(mr.signIn.failedTitle).not.toBe(en.signIn.failedTitle);
  });

  it('English messages are the exact texts of the spec and the server', () => {
    for (const [key, text] of Object.entries(textsOf(AUTH_MESSAGES))) {
      expect(en.messages[key as keyof typeof en.messages]).toBe(text);
    }
    expect(enGoogle.messages).toEqual(textsOf(GOOGLE_MESSAGES));
    expect(en.institute.defaultData).toBe(INSTITUTE_MESSAGES.defaultData.text);
    expect(en.signIn.failedTitle).toBe('Sign In Failed');
    expect(en.signIn.successTitle).toBe('Welcome Back!');
    expect(en.signUp.failedTitle).toBe('Sign Up Failed');
    expect(en.signUp.successTitle).toBe('Welcome!');
    expect(en.reset.failedTitle).toBe('Reset Failed');
  });
});
