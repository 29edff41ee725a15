import { readdirSync } from 'node:fs';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../modules';
import { initI18n, loadAllStrings, loadModuleStrings } from './i18n';

// initI18n reads the saved language from localStorage; the node test environment has none.
globalThis.localStorage ??= { getItem: () => null, setItem: () => {} } as unknown as Storage;

const features = readdirSync(new URL('../locales/en', import.meta.url)).map((f) => f.replace(/\.json$/, ''));

describe('English strings: the first view ships them, the rest load with their pages', () => {
  beforeAll(() => initI18n());

  it('has the sign-in page and the shell at once, and not the builder', () => {
    expect(i18n.t('auth.signIn.heading')).toBe('Sign In');
    expect(i18n.exists('shell.switchRole')).toBe(true);
    expect(i18n.exists('website.title')).toBe(false);
  });

  it("has every feature file after loadAllStrings but the modules', which come with their pages", async () => {
    await loadAllStrings();
    // Every English file is the first view's, the shell's or a module's (web/src/modules.ts).
    const modules = MODULES.flatMap((m) => m.strings);
    expect(modules).toContain('fees');
    const loaded = () => Object.keys(i18n.getResourceBundle('en', 'translation')).sort();
    expect(loaded()).toEqual(features.filter((f) => !modules.includes(f)).sort());
    expect(i18n.exists('people.messages.students.notFound')).toBe(true);
    expect(i18n.exists('website.title')).toBe(false);
    expect(i18n.exists('fees.fine.title')).toBe(false);
    for (const module of modules) await loadModuleStrings(module);
    expect(loaded()).toEqual([...features].sort());
    expect(i18n.t('academics.calendar.title')).toBe('Calendar');
  });
});
