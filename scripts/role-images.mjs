// Draws the role pictures the landing page shows (web/public/images/roles/<set>/<role>.jpg): the
// demo institutes' and the default ones used when an institute has not uploaded its own.
// Each is an illustration from Material icon glyphs on the set's colours, rendered by Chromium.
// Run: node scripts/role-images.mjs (needs /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'web/package.json'));

/** The shapes of a Material icon (24x24): its paths and circles, as SVG elements. */
function glyph(name) {
  const source = readFileSync(require.resolve(`@mui/icons-material/${name}`), 'utf8');
  const paths = [...source.matchAll(/d: "([^"]+)"/g)].map((m) => `<path d="${m[1]}"/>`);
  const circles = [...source.matchAll(/cx: "([\d.]+)",\s*cy: "([\d.]+)",\s*r: "([\d.]+)"/g)].map(
    (m) => `<circle cx="${m[1]}" cy="${m[2]}" r="${m[3]}"/>`,
  );
  return [...paths, ...circles];
}

/** Each role: its main glyph and two small ones around it. */
const ROLES = {
  admin: ['AdminPanelSettings', 'Assessment', 'Settings'],
  director: ['AccountTree', 'Apartment', 'TrendingUp'],
  principal: ['CoPresent', 'EmojiEvents', 'School'],
  student: ['School', 'MenuBook', 'Create'],
  parent: ['FamilyRestroom', 'Favorite', 'Home'],
};

/** Each set: two gradient colours and an accent. */
const SETS = {
  default: ['#283593', '#00897b', '#ffca28'],
  dev: ['#003847', '#1b7a4b', '#8bc34a'],
  greenvalley: ['#1b5e20', '#2e7d32', '#f9a825'],
};

const icon = (name, x, y, size, fill) =>
  `<g fill="${fill}" transform="translate(${x} ${y}) scale(${size / 24})">${glyph(name).join('')}</g>`;

function svg([from, to, accent], [main, left, right]) {
  const dots = [];
  for (let x = 20; x < 600; x += 28)
    for (let y = 20; y < 400; y += 28) dots.push(`<circle cx="${x}" cy="${y}" r="1.6"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".28"/>
    <stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
  <rect width="600" height="400" fill="url(#g)"/>
  <g fill="#fff" opacity=".08">${dots.join('')}</g>
  <circle cx="520" cy="40" r="150" fill="#fff" opacity=".07"/>
  <circle cx="60" cy="380" r="110" fill="${accent}" opacity=".18"/>
  <circle cx="300" cy="205" r="170" fill="url(#glow)"/>
  <circle cx="300" cy="200" r="105" fill="#fff" opacity=".96"/>
  <circle cx="300" cy="200" r="117" fill="none" stroke="${accent}" stroke-width="5" opacity=".9"/>
  ${icon(main, 300 - 66, 200 - 66, 132, from)}
  <circle cx="142" cy="120" r="44" fill="${accent}"/>
  ${icon(left, 142 - 26, 120 - 26, 52, from)}
  <circle cx="462" cy="290" r="44" fill="${accent}"/>
  ${icon(right, 462 - 26, 290 - 26, 52, from)}
</svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
// Drawn at 600×400 and shown at 360×240 (the cards are 112 px high): 6–7 kB each instead of 22.
const page = await browser.newPage({ viewport: { width: 600, height: 400 }, deviceScaleFactor: 0.6 });
for (const [set, colours] of Object.entries(SETS)) {
  for (const [role, glyphs] of Object.entries(ROLES)) {
    await page.setContent(`<body style="margin:0">${svg(colours, glyphs)}</body>`);
    const file = path.join(root, 'web/public/images/roles', set, `${role}.jpg`);
    await page.screenshot({ path: file, type: 'jpeg', quality: 72 });
  }
}
await browser.close();
