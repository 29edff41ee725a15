// The compressed JavaScript and CSS that the first view of each page loads, read off the Vite
// manifest of a build (web/dist, or WEB_DIST). bench/web.mjs prints it with the Lighthouse
// scores. `node bench/bundles.mjs --check` (part of `npm test`, after the build) loads each first
// view in Chromium and fails when one outgrows its budget of ALL bytes or requests, or fetches an
// asset twice (bench/first-views.mjs; docs/decisions/011-first-view-all-bytes.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
export const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'web/dist'));

/**
 * Each page's lazy route chunks, as web/src/app/router.tsx loads them (a page inside the signed-in
 * shell also loads the shell: app/app-routes.tsx, with the layout). Keep in step with the router. The router's
 * withAllStrings pages (the shell, the public site, domain registration) load the English strings
 * beyond the first view with their chunk: app/later-strings.ts, one chunk. The modules' strings
 * (every other English file) load with the modules' pages, in no first view measured here.
 */
const LATER_STRINGS = 'src/app/later-strings.ts';
const PAGES = {
  '/signin': ['src/features/auth/signin-page.tsx'],
  '/': ['src/features/landing/landing-page.tsx'],
  '/admin/dashboard': [
    'src/app/app-routes.tsx',
    'src/features/dashboard/admin-dashboard-page.tsx',
    LATER_STRINGS,
  ],
  '/homepage': [
    'src/features/public-site/public-site-layout.tsx',
    'src/features/public-site/home-page.tsx',
    LATER_STRINGS,
  ],
};
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
  for (const key of ['index.html', ...routeModules]) visit(key);
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
  // Issue 16: the budgets are on ALL bytes of each first view now (bench/first-views.mjs), which
  // hold its JavaScript too.
  const { checkFirstViews } = await import('./first-views.mjs');
  if (!(await checkFirstViews())) process.exit(1);
}
