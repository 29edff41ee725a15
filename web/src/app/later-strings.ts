/**
 * The shell's English strings beyond the first view (app/i18n.ts, loadAllStrings): the signed-in
 * shell's features that are not modules, the public site and domain registration. One chunk, so
 * the pages that need them fetch them in one request. A module's strings are not listed here:
 * they load with its pages (kit/module.ts). A new shell feature adds its file here and to
 * moduleEnglish's exclusion in i18n.ts.
 */
export const LATER_ENGLISH = import.meta.glob<Record<string, unknown>>(
  '../locales/en/{account,dashboard,domainRegistration,google,groups,lists,people,profile,publicSite}.json',
  { eager: true, import: 'default' },
);
