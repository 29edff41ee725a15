#!/usr/bin/env node
// `npm run new-module <name> [-- --title "Library books" --hi "…" --mr "…"]`: scaffolds a working
// record module on kit 2 (docs/modules.md is its recipe, this is its worked example): a tenant
// table and its migration, list/add/read/change routes, a list page with an add dialog, strings
// in English, Hindi and Marathi, an API test and a journey; then registers it in the two module
// lists. Nothing else shared is edited.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { templates } from './new-module/templates.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { title: { type: 'string' }, hi: { type: 'string' }, mr: { type: 'string' } },
});
const name = positionals[0];
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error('Usage: npm run new-module <name> [-- --title "Title" --hi "शीर्षक" --mr "शीर्षक"]');
  console.error('The name is lower-case words joined by hyphens, as its URL and folder: library-books.');
  process.exit(1);
}
const words = name.split('-');
const camel = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
const pascal = camel[0].toUpperCase() + camel.slice(1);
const title = values.title ?? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
const n = {
  name,
  camel,
  pascal,
  constant: words.join('_').toUpperCase(),
  table: words.join('_'),
  title,
  hi: values.hi ?? title,
  mr: values.mr ?? title,
};

for (const taken of [
  `server/src/modules/${name}`,
  `server/src/platform/${name}`,
  `web/src/features/${name}`,
]) {
  if (existsSync(path.join(root, taken))) {
    console.error(`${taken} exists already: choose another name.`);
    process.exit(1);
  }
}

const written = [];
for (const [file, content] of Object.entries(templates(n))) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  written.push(file);
}

/** Imports `entry` into a module list and adds it as the list's last element. */
function register(list, importLine, entry) {
  const file = path.join(root, list);
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  lines.splice(lines.findLastIndex((l) => l.startsWith('import ')) + 1, 0, importLine);
  const withImport = lines.join('\n');
  const end = withImport.search(/,?\s*\](?: as const)?;\s*(?:\n|$)/);
  if (end < 0) throw new Error(`${list}: no module list found`);
  writeFileSync(file, `${withImport.slice(0, end)}, ${entry}${withImport.slice(end).replace(/^,/, '')}`);
}
register(
  'server/src/modules/index.ts',
  `import { ${camel}Module } from './${name}/${name}.module';`,
  `${camel}Module`,
);
if (existsSync(path.join(root, 'web/src/modules.ts')))
  register(
    'web/src/modules.ts',
    `import { ${camel}Module } from './features/${name}/${name}.module';`,
    `${camel}Module`,
  );

// The migration for the new table, written by drizzle-kit from the tables (npm run db:generate).
execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'server/drizzle.config.ts', '--name', n.table], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync(
  'npx',
  ['biome', 'check', '--write', ...written, 'server/src/modules/index.ts', 'web/src/modules.ts'],
  {
    cwd: root,
    stdio: 'ignore',
  },
);

console.log(`\nThe ${title} module is in place:\n${written.map((f) => `  ${f}`).join('\n')}`);
console.log(`
Next:
  npm run typecheck
  npx vitest run --project server server/src/modules/${name}
  npm start, sign in as admin@schooliko.dev: "${title}" is in the sidebar
Then make it yours: its fields (common/src/${name}/${name}.ts and ${name}.table.ts, then
npm run db:generate), its permissions' grants, its screens (docs/modules.md).`);
