import type { Localization } from '@mui/material/locale';
import { beforeAll, describe, expect, it } from 'vitest';
import { listsT } from '../kit/lists/lists-t.testing';
import { muiLocale } from './mui-locale';

type Props = Record<string, unknown>;

/** Every text a component shows or says, its functions called as MUI calls them. */
function shown(locale: Localization): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [component, { defaultProps }] of Object.entries(locale.components ?? {}) as [
    string,
    { defaultProps: Props },
  ][]) {
    out[component] = Object.entries(defaultProps).flatMap(([name, value]) => {
      if (typeof value === 'string') return [value];
      const call = value as (...args: unknown[]) => unknown;
      if (name === 'labelDisplayedRows')
        return [1179, -1].map((count) => String(call({ from: 1, to: 25, count, page: 0 })));
      if (name === 'getLabelText') return [1, 3].map((n) => String(call(n)));
      // Pagination names its page buttons too; TablePagination only the four arrows.
      const types = ['first', 'last', 'next', 'previous', ...(component === 'MuiPagination' ? ['page'] : [])];
      return types.flatMap((type) => [true, false].map((selected) => String(call(type, 4, selected))));
    });
  }
  return out;
}

describe("MUI's own words in Hindi and Marathi (issue 32)", () => {
  const locales: Record<string, Localization> = {};
  beforeAll(async () => {
    for (const lang of ['hi', 'mr']) locales[lang] = muiLocale(await listsT(lang), lang);
  });

  it('cover every component of MUI locales, and leave no English word', () => {
    for (const lang of ['hi', 'mr']) {
      const words = shown(locales[lang] ?? {});
      expect(Object.keys(words).sort()).toEqual([
        'MuiAlert',
        'MuiAutocomplete',
        'MuiBreadcrumbs',
        'MuiPagination',
        'MuiRating',
        'MuiTablePagination',
      ]);
      expect(words.MuiAutocomplete).toHaveLength(5);
      for (const word of Object.values(words).flat()) {
        expect(word, `${lang}: ${word}`).not.toMatch(/[A-Za-z]/);
        expect(word.trim(), lang).not.toBe('');
      }
    }
  });

  it("says the fee counter's Clear and Open in the reader's language", () => {
    expect(locales.hi?.components?.MuiAutocomplete?.defaultProps).toMatchObject({
      clearText: 'साफ़ करें',
      openText: 'खोलें',
      closeText: 'बंद करें',
      noOptionsText: 'कोई विकल्प नहीं',
    });
    expect(locales.mr?.components?.MuiAutocomplete?.defaultProps).toMatchObject({
      clearText: 'साफ करा',
      openText: 'उघडा',
    });
    const pages = locales.mr?.components?.MuiTablePagination?.defaultProps;
    expect(pages?.labelDisplayedRows?.({ from: 1, to: 25, count: 1179, page: 0 })).toBe('1179 पैकी 1–25');
  });

  it("leaves English to MUI's own texts", async () => {
    expect(muiLocale(await listsT('en'), 'en')).toEqual({});
  });
});
