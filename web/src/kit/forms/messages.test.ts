import { ATTENDANCE_MESSAGES } from '@schooliko/common/academics/attendance';
import { CALENDAR_MESSAGES } from '@schooliko/common/academics/calendar';
import { EXAM_MESSAGES } from '@schooliko/common/academics/exams';
import { TIMETABLE_MESSAGES } from '@schooliko/common/academics/timetable';
import { AUTH_MESSAGES, tooManyAttemptsMessage } from '@schooliko/common/auth';
import { BDR_MESSAGES } from '@schooliko/common/bdrs';
import { DOMAIN_MESSAGES } from '@schooliko/common/domains';
import { GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { JOB_MESSAGES } from '@schooliko/common/jobs';
import { COMMON_MESSAGES } from '@schooliko/common/messages';
import { CHANGE_REQUEST_MESSAGES } from '@schooliko/common/people/change-requests';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { PEOPLE_FIELD_MESSAGES } from '@schooliko/common/people/fields';
import { GUARDIAN_MESSAGES } from '@schooliko/common/people/guardians';
import { IMPORT_MESSAGES } from '@schooliko/common/people/imports';
import { PHOTO_MESSAGES } from '@schooliko/common/people/photos';
import { STAFF_MESSAGES } from '@schooliko/common/people/staff';
import { STUDENT_MESSAGES } from '@schooliko/common/people/students';
import { PINCODE_MESSAGES } from '@schooliko/common/pincode';
import { CONTACT_MESSAGES } from '@schooliko/common/profile';
import { UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import { ADMISSION_MESSAGES, WEBSITE_MESSAGES } from '@schooliko/common/website';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedText } from '../../features/website/published-text';
import { MODULES } from '../../modules';
import { errorsByPupil, messageText, registerMessagePlaces } from './messages';

type Bundle = Record<string, unknown>;

/** An i18next over every locale file, as the app loads them: t('people.messages.students.notFound'). */
async function translator(lang: 'en' | 'hi' | 'mr'): Promise<TFunction> {
  const files = import.meta.glob<Bundle>('../../locales/*/*.json', { eager: true, import: 'default' });
  const bundle: Bundle = {};
  for (const [file, content] of Object.entries(files)) {
    const [, folder, name] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (folder === lang && name) bundle[name] = content;
  }
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, resources: { [lang]: { translation: bundle } } });
  return instance.t;
}

let en: TFunction;
let hi: TFunction;
beforeAll(async () => {
  en = await translator('en');
  hi = await translator('hi');
});

/** Catalogues whose every text the web shows, so each needs its translation. */
const SHOWN: Record<string, Record<string, unknown>> = {
  common: COMMON_MESSAGES,
  auth: AUTH_MESSAGES,
  bdr: BDR_MESSAGES,
  domain: DOMAIN_MESSAGES,
  upload: UPLOAD_MESSAGES,
  profile: CONTACT_MESSAGES,
  pincode: PINCODE_MESSAGES,
  students: STUDENT_MESSAGES,
  guardians: GUARDIAN_MESSAGES,
  staff: STAFF_MESSAGES,
  classes: CLASS_MESSAGES,
  calendar: CALENDAR_MESSAGES,
  timetable: TIMETABLE_MESSAGES,
  attendance: ATTENDANCE_MESSAGES,
  changeRequests: CHANGE_REQUEST_MESSAGES,
  people: PEOPLE_FIELD_MESSAGES,
  imports: IMPORT_MESSAGES,
  jobs: JOB_MESSAGES,
  photos: PHOTO_MESSAGES,
};

const DESCRIBED_MODULES = ['people', 'fees', 'academics', 'messaging', 'reception', 'desk', 'website'];

describe('messageText: one translator, by code', () => {
  it('finds every shown text by its code: the English translation is the text itself, Hindi differs', () => {
    for (const [namespace, texts] of Object.entries(SHOWN))
      for (const [key, text] of Object.entries(texts)) {
        if (typeof text !== 'string') continue;
        const coded = { code: `${namespace}.${key}` };
        expect([coded.code, messageText(en, text, coded)]).toEqual([coded.code, text]);
        expect([coded.code, messageText(hi, text, coded)]).not.toEqual([coded.code, text]);
      }
  });

  it('fills the values the server sent, and words the values are made of', () => {
    const wait = `${tooManyAttemptsMessage(42)}`;
    expect(messageText(en, wait, { code: 'auth.tooManyAttempts', params: { count: 42 } })).toBe(wait);
    expect(messageText(hi, wait, { code: 'auth.tooManyAttempts', params: { count: 42 } })).toContain('42');
    expect(messageText(hi, wait, { code: 'auth.tooManyAttempts', params: { count: 42 } })).not.toBe(wait);
    for (const seconds of [1, 5]) {
      const busy = COMMON_MESSAGES.reportsBusy(seconds);
      expect(messageText(en, busy)).toBe(busy.text);
      expect(messageText(hi, busy)).toContain(String(seconds));
      expect(messageText(hi, busy)).not.toBe(busy.text);
    }
    const roles = DOMAIN_MESSAGES.roleImagesMissing(['director', 'parent']);
    expect(messageText(en, roles)).toBe('Please upload images for: Director, Parent');
    expect(messageText(en, UPLOAD_MESSAGES.tooLarge(1, '1.25MB'))).toBe(
      'Image size should be less than 1MB. Current size: 1.25MB',
    );
    expect(messageText(en, BDR_MESSAGES.attemptsLeft(1))).toBe('1 attempt left');
    expect(messageText(en, IMPORT_MESSAGES.sectionUnknown('IX-Z'))).toBe(
      'No section "IX-Z" in the current academic year',
    );
  });

  it('translates the subdomain rule, on the Add School form and in domain registration alike', () => {
    for (const text of [
      WEBSITE_MESSAGES.subdomainReserved,
      WEBSITE_MESSAGES.subdomainLookalike,
      WEBSITE_MESSAGES.subdomainImpersonates,
    ]) {
      expect(messageText(en, text)).toBe(text.text);
      expect(messageText(hi, text)).not.toBe(text.text);
    }
    const tooMany = WEBSITE_MESSAGES.tooManyInstitutes(5);
    const coded = { code: 'website.tooManyInstitutes', params: { max: 5 } };
    expect(messageText(en, tooMany, coded)).toBe(
      'You can create up to 5 institutes in 24 hours. Please try again tomorrow.',
    );
    expect(messageText(hi, tooMany, coded)).toContain('5');
    expect(messageText(hi, tooMany, coded)).not.toBe(tooMany.text);
  });

  it("reads a text made here by the catalogues' code: a form's own check, a success message", () => {
    expect(messageText(en, CONTACT_MESSAGES.tooLong(200))).toBe('Please keep this under 200 characters');
    expect(messageText(hi, CONTACT_MESSAGES.tooLong(200))).toContain('200');
    expect(messageText(en, WEBSITE_MESSAGES.groupCreated('Lotus Schools'))).toBe(
      WEBSITE_MESSAGES.groupCreated('Lotus Schools').text,
    );
    expect(messageText(hi, WEBSITE_MESSAGES.groupCreated('Lotus Schools'))).toContain('Lotus Schools');
    expect(publishedText(hi, `${WEBSITE_MESSAGES.published} ${WEBSITE_MESSAGES.joinRequested}`)).toBe(
      `${messageText(hi, WEBSITE_MESSAGES.published.text)} ${messageText(hi, WEBSITE_MESSAGES.joinRequested.text)}`,
    );
    expect(publishedText(en, WEBSITE_MESSAGES.published.text)).toBe(WEBSITE_MESSAGES.published.text);
    expect(messageText(hi, GROUP_MESSAGES.streetRequired)).toBe(hi('groups.messages.streetRequired'));
    expect(messageText(hi, GROUP_LOGO_MESSAGES.prerequisites)).toBe(hi('groups.logo.prerequisites'));
    expect(messageText(hi, ADMISSION_MESSAGES.studentNameRequired)).toBe(
      hi('publicSite.messages.studentNameRequired'),
    );
  });

  it("puts a grid's row errors beside the pupils they name, in the reader's language", () => {
    const sent = [{ student_id: 'aarav' }, { student_id: 'diya' }];
    const failure = {
      errors: {
        'remarks.1.student_id': EXAM_MESSAGES.notInSection.text,
        'entries.0.marks': 'x',
        section_id: 'y',
      },
      codes: { 'remarks.1.student_id': { code: 'exams.notInSection' } },
    };
    expect(errorsByPupil(hi, failure, 'remarks', sent)).toEqual({
      diya: hi('academics.messages.exams.notInSection'),
    });
    expect(errorsByPupil(en, failure, 'entries', sent)).toEqual({ aarav: 'x' });
  });

  it('shows a text that is not ours as sent, and a code without a translation by its English', () => {
    expect(messageText(hi, 'Fee receipt not found')).toBe('Fee receipt not found');
    expect(messageText(hi, 'Disk full', { code: 'fees.diskFull' })).toBe('Disk full');
    expect(messageText(hi, 'Odd', { code: 'students.noSuchKey' })).toBe('Odd');
    expect(messageText(hi, undefined)).toBe('');
  });

  it("reads the modules' namespaces from their declarations (web/src/modules.ts, imported above), each in one place", () => {
    // The modules this suite was written with; a later one (npm run new-module) adds its own namespaces.
    const described = MODULES.filter((m) => DESCRIBED_MODULES.includes(m.name));
    expect(described.flatMap((m) => Object.keys(m.messages))).toHaveLength(26);
    expect(messageText(hi, STUDENT_MESSAGES.notFound)).toBe(hi('people.messages.students.notFound'));
    expect(messageText(hi, CALENDAR_MESSAGES.eventNotFound)).toBe(
      hi('academics.messages.calendar.eventNotFound'),
    );
    expect(hi('academics.messages.calendar.eventNotFound')).not.toBe(CALENDAR_MESSAGES.eventNotFound);
    registerMessagePlaces({ fees: 'fees.messages' });
    expect(() => registerMessagePlaces({ fees: 'academics.messages.fees' })).toThrow(
      'Message namespace fees is placed at fees.messages already',
    );
    expect(() => registerMessagePlaces({ auth: 'people.messages.auth' })).toThrow(
      'Message namespace auth is placed at auth.messages already',
    );
  });
});
