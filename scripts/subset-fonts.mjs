// `node scripts/subset-fonts.mjs`: writes the app's two font files, web/src/app/fonts/*.woff2
// (committed), from the npm packages @fontsource-variable/montserrat and
// @fontsource-variable/noto-sans-devanagari with subset-font (HarfBuzz, from npm). Issue 16:
// - Montserrat, the one file every first view loads: its variable font (every weight) cut to
//   printable ASCII and the punctuation and signs the app's English text uses, 38 → 25 kB.
//   A character outside it (an accented name) falls back to the next font of the stack.
// - Noto Sans Devanagari, for Hindi and Marathi (loaded when chosen): the Devanagari block and
//   the joiners, its weight axis cut to 400-700 (the weights the app asks for; 800 shows as
//   700), 121 → 70 kB. Its conjuncts stay: HarfBuzz keeps the glyphs the shaping rules reach.
// Run it again after updating either package; the @font-face rules beside the files
// (web/src/app/fonts/*.css) give the same character ranges.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, '../web/src/app/fonts');
const range = (from, to) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** Printable ASCII, then quotes, dashes, bullet, ellipsis, middle dot, ©, ×, ° (Montserrat has no ₹). */
export const LATIN = `${range(0x20, 0x7e)}‘’“”–—•…·©×°`;
export const DEVANAGARI = `${range(0x0900, 0x097f)}\u200c\u200d₹`;

const FONTS = [
  {
    file: 'montserrat-latin.woff2',
    from: '@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2',
    text: LATIN,
  },
  {
    file: 'noto-sans-devanagari.woff2',
    from: '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2',
    text: DEVANAGARI,
    variationAxes: { wght: { min: 400, max: 700 } },
  },
];

for (const font of FONTS) {
  const source = readFileSync(require.resolve(font.from));
  const subset = await subsetFont(source, font.text, {
    targetFormat: 'woff2',
    ...(font.variationAxes ? { variationAxes: font.variationAxes } : {}),
  });
  writeFileSync(path.join(out, font.file), subset);
  console.log(`${font.file}: ${source.length} → ${subset.length} bytes`);
}
