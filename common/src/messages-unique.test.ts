/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { repeatedTexts } from './messages';

// Every catalogue of `common`, loaded as the server loads them.
import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true });

/**
 * Form texts the spec gives several forms word for word, declared by each form's namespace before
 * this test existed. Their translations agree; the list only shrinks.
 */
const KNOWN = new Set([
  'people.pincodeInvalid',
  'people.emailInvalid',
  'auth.emailInvalid',
  'auth.mobileInvalid',
  'bdr.emailInvalid',
  'bdr.contactInvalid',
  'groups.pincodeRequired',
  'groups.pincodeInvalid',
  'groups.emailInvalid',
  'groups.websiteInvalid',
  'groupLogo.invalidType',
  'groupLogo.noFile',
  'instituteRecord.domainTaken',
  'notifications.alreadyHandled',
  'invitations.notFound',
  'website.nameRequired',
  'website.yearInvalid',
  'website.groupNameRequired',
  'website.groupsLoadFailed',
  'website.groupsLoadFailedRefresh',
  'website.joinRequested',
  'admission.phoneRequired',
  'admission.phoneInvalid',
]);

describe('defineMessages', () => {
  it('gives each fixed English text one code: no namespace declares a text another owns', () => {
    // A repeated text answers with whichever namespace loaded first, whose strings the screen
    // may not have: reuse the owner's (CLASS_MESSAGES.sectionNotFound, docs/modules.md §5).
    const repeats = repeatedTexts().filter((r) => !KNOWN.has(r.codes[1]));
    expect(repeats).toEqual([]);
  });
});
