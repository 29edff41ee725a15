import { textsOf } from '@schooliko/common/messages';
import { PINCODE_MESSAGES } from '@schooliko/common/pincode';
import { CONTACT_MESSAGES } from '@schooliko/common/profile';
import { ADMISSION_MESSAGES, WEBSITE_MESSAGES } from '@schooliko/common/website';
import { describe, expect, it } from 'vitest';
import enProfile from '../../locales/en/profile.json';
import enSite from '../../locales/en/publicSite.json';
import en from '../../locales/en/website.json';
import hiProfile from '../../locales/hi/profile.json';
import hiSite from '../../locales/hi/publicSite.json';
import hi from '../../locales/hi/website.json';
import mrProfile from '../../locales/mr/profile.json';
import mrSite from '../../locales/mr/publicSite.json';
import mr from '../../locales/mr/website.json';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

describe('website, public site and profile strings', () => {
  it('Hindi and Marathi have every English key, translated', () => {
    for (const [english, ...others] of [
      [en, hi, mr],
      [enSite, hiSite, mrSite],
      [enProfile, hiProfile, mrProfile],
    ] as Tree[][]) {
      const keys = leaves(english as Tree)
        .map(([k]) => k)
        .sort();
      for (const other of others) {
        expect(
          leaves(other as Tree)
            .map(([k]) => k)
            .sort(),
        ).toEqual(keys);
        // Sentences differ from English (brand names such as 'Facebook' or 'CBSE' may not).
        const same = leaves(other as Tree).filter(
          ([k, v]) => v.includes(' ') && v === leaves(english as Tree).find(([e]) => e === k)?.[1],
        );
        expect(same).toEqual([]);
      }
    }
  });

  it("English carries the spec's and the server's exact texts", () => {
    const check = (messages: Record<string, unknown>, bundle: Record<string, string>) => {
      for (const [key, text] of Object.entries(textsOf(messages))) expect(bundle[key]).toBe(text);
    };
    check(WEBSITE_MESSAGES, en.messages);
    check(CONTACT_MESSAGES, enProfile.messages);
    check(PINCODE_MESSAGES, enProfile.pincode);
    check(ADMISSION_MESSAGES, enSite.messages);
    expect(enProfile.pincode.notFound).toBe('Invalid pincode - no data found for this pincode');
    expect(enProfile.pincode.connection).toBe('Connection error - please check your internet');
    expect(enProfile.pincode.found).toBe('Location found and auto-filled');
    expect(en.messages.onlySchool).toBe('Currently only School type is available');
    expect(en.messages.groupsLoadFailed).toBe('Unable to load groups. Please try again later.');
    expect(en.principal.isSelf).toBe('Are you the Principal?');
    expect(Object.values(enSite.nav)).toEqual([
      'Home',
      'About',
      'Admissions',
      'Faculty',
      'Students',
      'Contact',
      'Pay Fees',
      'Login',
    ]);
  });
});
