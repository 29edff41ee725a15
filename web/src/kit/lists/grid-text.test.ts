import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { gridText } from './grid-text';
import { listsT as tOf } from './lists-t.testing';

/** Every word the grid would show, its functions called as the grid calls them. */
function shown(text: ReturnType<typeof gridText>): string[] {
  const { footerRowSelected, paginationDisplayedRows, paginationItemAriaLabel, ...words } = text;
  return [
    ...Object.values(words).map(String),
    ...[1, 3].map((n) => String(footerRowSelected?.(n))),
    ...[1179, -1].map((count) =>
      String(paginationDisplayedRows?.({ from: 1, to: 25, count, estimated: undefined })),
    ),
    ...(['first', 'last', 'next', 'previous'] as const).map((type) =>
      String(paginationItemAriaLabel?.(type)),
    ),
  ];
}

describe("the data grid's own words (issue 32)", () => {
  let hi: TFunction;
  let mr: TFunction;
  let en: TFunction;
  beforeAll(async () => {
    [hi, mr, en] = await Promise.all([tOf('hi'), tOf('mr'), tOf('en')]);
  });

  it('are Hindi and Marathi, with no English word left', () => {
    for (const [t, lang] of [
      [hi, 'hi'],
      [mr, 'mr'],
    ] as const) {
      const words = shown(gridText(t, lang));
      expect(words.length).toBeGreaterThan(30);
      for (const word of words) expect(word, `${lang}: ${word}`).not.toMatch(/[A-Za-z]/);
    }
    expect(gridText(hi, 'hi').paginationRowsPerPage).toBe('प्रति पृष्ठ पंक्तियाँ:');
    const displayed = gridText(mr, 'mr').paginationDisplayedRows as (p: object) => string;
    expect(displayed({ from: 1, to: 25, count: 1179 })).toBe('1179 पैकी 1–25');
  });

  it("leaves English to the grid's own texts, but for the list's empty note", () => {
    expect(gridText(en, 'en')).toEqual({ noRowsLabel: 'Nothing matches these filters.' });
  });
});
