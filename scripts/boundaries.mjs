// The layers and boundaries the linter holds (issue 25; docs/modules.md, "Layers and
// boundaries"). `npm run lint` runs it after biome. It reads the runtime imports of every
// non-test source file in server/src and web/src (`import type` and `export type` are erased, so
// they cross any line) and fails, naming the file, the import and the rule, when:
//
//   layer          a server file imports a higher layer: base (lib/, config.ts, logger.ts,
//                  db/client.ts, db/migrate.ts, …) < kit/ and plugins/ < platform/ < modules/ <
//                  composition (app.ts, main.ts, cli.ts, worker.ts, db/seed.ts, db/demo/,
//                  security/, testing/, *.testing.ts, *.test-helpers.ts, and a module's demo
//                  definition, demo seed and security makers, *.module.ts, *.seed.ts and *.security.ts: the
//                  lists compose them; the last three are held to the two module rules
//                  below as their module is); kit/ and plugins/ may import each other;
//   module-table   a module imports another module's `*.table.ts` (platform modules' included),
//                  except from its own `*.table.ts`: a foreign key is the schema's, not a path
//                  into the other module's code;
//   module-index   a module imports another module's file other than its public `index.ts`
//                  (domain modules among themselves, platform modules among themselves);
//   feature-index  a web file imports a feature's file other than its `index.ts` from outside
//                  that feature: features among themselves, and the shell below them (layout/,
//                  kit/). app/ is the web's composition (the router, the store, the screens'
//                  manifests) and may import any feature's file, as server/src/app.ts may.
//                  web/src/kit/ (forms, lists, toasts, the module definition) is what every
//                  feature uses: any file may import it.
//
// Violations that predate the rule are held in scripts/boundaries.baseline.json (a ratchet): one
// that is not listed fails, and a listed one that is gone fails too, until its line is removed
// (`node scripts/boundaries.mjs --prune` removes the fixed lines and never adds one).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYERS = ['base', 'kit', 'platform', 'modules', 'composition'];

/** The server layer of a path relative to server/src. */
export function layerOf(rel) {
  if (/\.(test|testing|test-helpers|seed|security|module)\.tsx?$/.test(rel)) return 'composition';
  if (/^(app|main|cli|worker|startup-banner)\.ts$/.test(rel)) return 'composition';
  if (/^(security|testing|db\/demo)\//.test(rel) || rel === 'db/seed.ts') return 'composition';
  // The module lists and what reads them whole.
  if (['platform/index.ts', 'modules/index.ts', 'modules/routes.ts'].includes(rel)) return 'composition';
  if (/^(kit|plugins)\//.test(rel)) return 'kit';
  if (rel.startsWith('platform/')) return 'platform';
  if (rel.startsWith('modules/')) return 'modules';
  return 'base';
}

/**
 * The module a server path belongs to (`modules/fees`, `platform/auth`), or undefined for the
 * files that compose a layer (`modules/index.ts`, `modules/routes.ts`, `platform/index.ts`).
 */
function moduleOf(rel) {
  return rel.match(/^((?:modules|platform)\/[^/]+)\//)?.[1];
}

/** The feature a web path belongs to (`features/fees`), or undefined for the shell. */
function featureOf(rel) {
  return rel.match(/^(features\/[^/]+)\//)?.[1];
}

/**
 * The runtime imports of a source: `import … from`, `export … from`, side-effect and dynamic
 * imports. Type-only ones (`import type`, `export type`, or braces whose every name is `type`)
 * are left out: they are erased.
 */
export function runtimeImports(source) {
  // Comment lines (JSDoc and `//`) may quote code; imports never start with `*` or `//`.
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  const found = [];
  for (const m of code.matchAll(/\b(import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const [, , clause, spec] = m;
    if (/^type\b/.test(clause)) continue;
    const braces = clause.match(/^\{([^}]*)\}$/);
    if (braces) {
      const names = braces[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => /^type\s/.test(n))) continue;
    }
    found.push(spec);
  }
  for (const m of code.matchAll(/(?:^|[;\s])import\s*['"]([^'"]+)['"]/g)) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

/** The file a relative specifier names (a path from the repository root), or undefined when none exists. */
function resolve(fromRel, spec, exists) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec.replace(/\.js$/, '')));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && exists(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The violations of a tree: `files` maps a path relative to the repository root to its source.
 * Each is `{ file, import, rule, message }`; `key` is its line in the baseline.
 */
export function check(files) {
  const exists = (rel) => files.has(rel);
  const violations = [];
  const add = (file, target, rule, message) =>
    violations.push({ file, import: target, rule, message, key: `${rule}: ${file} -> ${target}` });
  for (const [file, source] of files) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const server = file.match(/^server\/src\/(.*)$/)?.[1];
    const web = file.match(/^web\/src\/(.*)$/)?.[1];
    if (server === undefined && web === undefined) continue;
    for (const spec of runtimeImports(source)) {
      const target = resolve(file, spec, exists);
      if (!target) continue;
      if (server !== undefined) {
        const to = target.match(/^server\/src\/(.*)$/)?.[1];
        if (to === undefined) continue;
        const [fromLayer, toLayer] = [layerOf(server), layerOf(to)];
        if (LAYERS.indexOf(toLayer) > LAYERS.indexOf(fromLayer)) {
          add(file, target, 'layer', `${fromLayer} may not import ${toLayer}`);
          continue;
        }
        // A module's own composition files (its definition, demo seed and security makers) may
        // reach any layer, but another module still only through that module's index.ts.
        const part = /\.(seed|security|module)\.ts$/.test(server) && moduleOf(server) !== undefined;
        if (fromLayer === 'composition' && !part) continue;
        const [mine, theirs] = [moduleOf(server), moduleOf(to)];
        if (!theirs || mine === theirs) continue;
        const ownLayer = part ? layerOf(`${mine}/index.ts`) : fromLayer;
        if (/\.table\.ts$/.test(to)) {
          if (/\.table\.ts$/.test(server)) continue;
          add(file, target, 'module-table', `a module reads another module's tables through its index.ts`);
        } else if (ownLayer === toLayer && mine && to !== `${theirs}/index.ts`) {
          add(file, target, 'module-index', `a module imports another module only through its index.ts`);
        }
      } else {
        const to = target.match(/^web\/src\/(.*)$/)?.[1];
        if (to === undefined) continue;
        // app/ and the module list compose the web: they may import any feature's file.
        if (web.startsWith('app/') || web === 'modules.ts') continue;
        const [mine, theirs] = [featureOf(web), featureOf(to)];
        if (!theirs || mine === theirs) continue;
        if (/^index\.tsx?$/.test(to.slice(theirs.length + 1))) continue;
        add(file, target, 'feature-index', `a feature is imported from outside only through its index.ts`);
      }
    }
  }
  return violations.sort((a, b) => a.key.localeCompare(b.key));
}

/** Every .ts and .tsx file under `dirs` of `root`, by path relative to `root`. */
function readTree(root, dirs) {
  const files = new Map();
  const walk = (rel) => {
    for (const name of readdirSync(path.join(root, rel))) {
      const child = `${rel}/${name}`;
      // Dot files are scratch (a test's writer script), not the project's.
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (/\.tsx?$/.test(name)) files.set(child, readFileSync(path.join(root, child), 'utf8'));
    }
  };
  for (const dir of dirs) if (existsSync(path.join(root, dir))) walk(dir);
  return files;
}

/** Compares the tree's violations with the baseline; returns the lines to print and whether it passes. */
export function ratchet(violations, baseline) {
  const held = new Set(baseline);
  const found = new Set(violations.map((v) => v.key));
  const lines = [];
  for (const v of violations) {
    if (held.has(v.key)) continue;
    lines.push(`✗ ${v.file} imports ${v.import}\n    rule ${v.rule}: ${v.message}`);
  }
  const fixed = baseline.filter((key) => !found.has(key));
  for (const key of fixed)
    lines.push(`✗ fixed, remove its line from scripts/boundaries.baseline.json (or run --prune): ${key}`);
  return { ok: lines.length === 0, lines, fixed };
}

const main = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (main) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const baselineFile = path.join(root, 'scripts/boundaries.baseline.json');
  const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : [];
  const violations = check(readTree(root, ['server/src', 'web/src']));
  const { ok, lines, fixed } = ratchet(violations, baseline);
  const prune = process.argv.includes('--prune') && fixed.length > 0;
  if (prune) {
    const left = baseline.filter((key) => !fixed.includes(key));
    writeFileSync(baselineFile, `${JSON.stringify(left, null, 2)}\n`);
    console.log(`boundaries: removed ${fixed.length} fixed line(s) from the baseline`);
  }
  const problems = prune ? lines.filter((line) => !line.startsWith('✗ fixed')) : lines;
  if (!ok && problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\nboundaries: ${problems.length} problem(s); the rules: docs/modules.md, "Layers and boundaries"`,
    );
    process.exit(1);
  }
  const byRule = new Map();
  for (const v of violations) byRule.set(v.rule, (byRule.get(v.rule) ?? 0) + 1);
  const held = [...byRule].map(([rule, count]) => `${rule} ${count}`);
  console.log(`boundaries: ok${held.length ? ` (held in the baseline: ${held.join(', ')})` : ''}`);
}
