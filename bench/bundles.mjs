// The compressed JavaScript and CSS that the first view of each page loads, read off the Vite
// manifest of a build (web/dist, or WEB_DIST). bench/web.mjs prints it with the Lighthouse
// scores; `node bench/bundles.mjs --check` (part of `npm test`, after the build) fails when the
// first view of a page outgrows its budget in BUDGET_KB (docs/decisions/004-first-view-budget.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
export const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'web/dist'));

/**
 * Each page's lazy route chunks, as web/src/app/router.tsx loads them (a page inside the signed-in
 * shell also loads the shell, layout/app-layout). Keep in step with the router. LATER_STRINGS
 * stands for the English strings beyond the first view, which the router's withAllStrings pages
 * (the shell, the public site, domain registration) load with their chunk.
 */
const LATER_STRINGS = 'later English strings';
const PAGES = {
  '/signin': ['src/features/auth/signin-page.tsx'],
  '/': ['src/features/landing/landing-page.tsx'],
  '/admin/dashboard': [
    'src/layout/app-layout.tsx',
    'src/features/dashboard/admin-dashboard-page.tsx',
    LATER_STRINGS,
  ],
  '/homepage': [
    'src/features/public-site/public-site-layout.tsx',
    'src/features/public-site/home-page.tsx',
    LATER_STRINGS,
  ],
};
/** Compressed (gzip) JavaScript each page's first view may load, in kB (1 kB = 1,000 bytes). */
// Issue 12 raised /signin, /admin/dashboard and /homepage by 1, 7 and 3 kB: the shell now carries
// the session chip and the permission-driven sidebar (/admin/dashboard), and the people screens'
// shared MUI components (Menu, Modal) were split by the bundler into chunks of their own, which
// gzip less well (/signin, /homepage). Issue 16 takes the first view below these again.
// Error codes (ADR 009) raised /signin by 2 kB: the message catalogue's registry, the one
// translator by code and the generic messages' strings that every failure may show.
// The route table (app/router.tsx) is in every first view: each new screen's route adds about
// 0.1 kB, so invitations, change requests, promotion and the teacher's section list raised / and
// /homepage by 1 kB (with the viewed-year slice of the store). Issue 16: load the signed-in routes on
// navigation (React Router's patchRoutesOnNavigation) and inject slices when first used instead.
// Issue 11 put the reserved and look-alike subdomain rule into the shared website schema (the
// builder's forms refuse `admin` or `www` before sending), and the profile-settings and photo
// routes joined the route table: /homepage by 1 kB.
// Issue 17 (Google sign-in) raised /signin by 1 kB: the Continue with Google button and the return
// from Google (the session taken up, or its coded failure); a lazy import of that return grew every
// first view instead (the chunks it split gzip less well). /admin/dashboard by 1 kB: the Google
// messages' English strings among the later strings (0.4 kB) on a page that had 0.3 kB left.
export const BUDGET_KB = { '/signin': 294, '/': 241, '/admin/dashboard': 373, '/homepage': 351 };

export const kb = (bytes) => Math.round(bytes / 100) / 10;

/**
 * The files a page's first view loads: the entry's and the route chunks' static import graph, and
 * whatever else index.html preloads (main.tsx imports the app in steps; vite.config.ts preloads them).
 */
function firstViewFiles(manifest, routeModules) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the Vite manifest (is PAGES in bench/web.mjs stale?)`);
    if (seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  const laterStrings = Object.keys(manifest).filter(
    (key) => key.startsWith('src/locales/en/') && manifest[key].isDynamicEntry,
  );
  const keys = routeModules.flatMap((key) => (key === LATER_STRINGS ? laterStrings : [key]));
  for (const key of ['index.html', ...keys]) visit(key);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)) files.add(href);
  return [...files];
}

export function measureBundles() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(path.join(dist, file));
      sizes.set(file, {
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        brotli: brotliCompressSync(bytes).length,
      });
    }
    return sizes.get(file);
  };
  return Object.entries(PAGES).map(([page, modules]) => {
    const files = firstViewFiles(manifest, modules);
    const sum = (ext, key) =>
      files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + sizeOf(f)[key], 0);
    const largest = files
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)
      .slice(0, 5)
      .map((f) => ({ file: f, gzipKB: kb(sizeOf(f).gzip) }));
    return {
      page,
      files: files.length,
      'JS kB': kb(sum('.js', 'raw')),
      'JS gzip kB': kb(sum('.js', 'gzip')),
      'JS br kB': kb(sum('.js', 'brotli')),
      'CSS kB': kb(sum('.css', 'raw')),
      'CSS gzip kB': kb(sum('.css', 'gzip')),
      largest,
    };
  });
}

if (process.argv.includes('--check')) {
  let over = 0;
  for (const row of measureBundles()) {
    const budget = BUDGET_KB[row.page];
    const ok = row['JS gzip kB'] <= budget;
    if (!ok) over++;
    console.log(
      `${ok ? '✓' : '✗'} ${row.page}: ${row['JS gzip kB']} kB gzip JS in the first view (budget ${budget} kB)`,
    );
  }
  if (over) {
    console.error('First-view JavaScript over budget: lazy-load what the page does not show at once.');
    process.exit(1);
  }
}
