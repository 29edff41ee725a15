import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';

/**
 * main.tsx imports the app in steps (one evaluation task each); index.html preloads every chunk
 * of those steps up front, as it would for static imports, so the steps never wait for the network.
 */
function preloadEntrySteps(): Plugin {
  return {
    name: 'schooliko-preload-entry-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const seen = new Set<string>([chunk.fileName, ...chunk.imports]);
        const files: string[] = [];
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          files.push(file);
          const next = bundle[file] as Rollup.OutputChunk | undefined;
          for (const imported of next?.imports ?? []) visit(imported);
        };
        for (const file of chunk.dynamicImports) visit(file);
        return files.map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server sends compressed
 * files without compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'schooliko-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((f) => /\.(js|css|html|json|svg)$/.test(f));
      for (const file of new Set(files)) {
        const full = path.join(outDir, file);
        const content = await readFile(full).catch(() => null);
        if (!content || content.length < 1024) continue;
        await writeFile(
          `${full}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

type ModuleGraph = (id: string) => { importedIds: readonly string[] } | null;

/**
 * The chunks of the first views (issue 16). Left to itself the bundler makes one chunk per set of
 * pages sharing a module: /signin loaded some 60 chunks, many under 1 kB. Instead:
 * - main.tsx's steps (i18n, store, router, root) get one chunk each, so they stay separate tasks;
 *   a module goes to the first step that reaches it by static imports;
 * - then each first view's route modules get one chunk (sign-in; the signed-in shell with the
 *   admin dashboard; the public home page; the landing page), and what two of them share but no
 *   step has goes to a chunk named after those views (`auth+shell`), loaded by those only.
 * What none of these reaches is split by the bundler as before, per page.
 */
const STEPS: [name: string, roots: string[]][] = [
  ['i18n', ['src/app/i18n.ts']],
  ['store', ['src/app/store.ts']],
  ['router', ['src/app/router.tsx']],
  ['root', ['src/app/root.tsx']],
];
const VIEWS: [name: string, roots: string[]][] = [
  ['auth', ['src/features/auth/signin-page.tsx']],
  ['shell', ['src/layout/app-layout.tsx', 'src/features/dashboard/admin-dashboard-page.tsx']],
  ['site', ['src/features/public-site/public-site-layout.tsx', 'src/features/public-site/home-page.tsx']],
  ['landing', ['src/features/landing/landing-page.tsx']],
];
/** Chunks under 1 kB gzip folded into another that its views load anyway (a request less on /signin). */
const FOLDED: Record<string, string> = { 'auth+shell+landing': 'auth+shell' };

/** A feature's public index (scripts/boundaries.mjs): re-exports of the feature's own files. */
const isFeatureIndex = (id: string) => /\/src\/features\/[^/]+\/index\.tsx?$/.test(id);
const withoutExtension = (file: string) => file.replace(/\.(tsx?|jsx?)$/, '');

/** The names `importer` imports from `index` by `import { a, b } from '…'`, or null for any other form. */
function namesImported(importer: string, index: string): string[] | null {
  const source = readFileSync(importer, 'utf8');
  const folder = path.dirname(index);
  const names: string[] = [];
  let matched = false;
  for (const m of source.matchAll(/\bimport\s+([^;'"]*?)\s*from\s*['"](\.[^'"]*)['"]/g)) {
    if (path.resolve(path.dirname(importer), m[2] as string) !== folder) continue;
    const braces = (m[1] as string).match(/^(?:type\s+)?\{([^}]*)\}$/);
    if (!braces) return null;
    matched = true;
    for (const part of (braces[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return matched ? names : null;
}

/** Which of `index`'s imports hold each name it re-exports, and which it imports for its own code. */
function indexParts(index: string, importedIds: readonly string[]) {
  const source = readFileSync(index, 'utf8');
  const byPath = new Map(importedIds.map((id) => [withoutExtension(id), id]));
  const sourceOf = new Map<string, string>();
  const reexported = new Set<string>();
  for (const m of source.matchAll(/\bexport\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]*)['"]/g)) {
    const id = byPath.get(path.resolve(path.dirname(index), m[2] as string));
    if (!id) continue;
    reexported.add(id);
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) sourceOf.set(name, id);
    }
  }
  return { sourceOf, own: importedIds.filter((id) => !reexported.has(id)) };
}

/**
 * The modules reachable from `roots` by static imports, leaving out those in `skip`. Through a
 * feature's index.ts only the files holding the names imported are followed: a first view that
 * imports the auth feature's sign-out hook does not take its sign-in form with it.
 */
function reach(graph: ModuleGraph, roots: string[], skip: Map<string, string>): Set<string> {
  const found = new Set<string>();
  const stack = roots.map((root) => path.resolve(import.meta.dirname, root));
  while (stack.length) {
    const id = stack.pop() as string;
    if (found.has(id) || skip.has(id)) continue;
    const info = graph(id);
    if (!info) continue;
    found.add(id);
    for (const imported of info.importedIds) {
      const index = isFeatureIndex(imported) ? graph(imported) : null;
      if (!index) {
        stack.push(imported);
        continue;
      }
      const { sourceOf, own } = indexParts(imported, index.importedIds);
      const names = namesImported(id, imported);
      const parts = names ? names.map((name) => sourceOf.get(name)) : [...sourceOf.values()];
      // The index itself is left to the bundler (a group takes all of its members' imports, and
      // so all of the feature's index); what its own code imports is followed.
      stack.push(...own);
      for (const part of parts) if (part) stack.push(part);
    }
  }
  return found;
}

/** Which chunk each module of the first views goes to. */
function chunkOfModules(graph: ModuleGraph): Map<string, string> {
  const chunkOf = new Map<string, string>();
  for (const [name, roots] of STEPS) for (const id of reach(graph, roots, chunkOf)) chunkOf.set(id, name);
  const views = new Map<string, string[]>();
  for (const [name, roots] of VIEWS) {
    for (const id of reach(graph, roots, chunkOf)) views.set(id, [...(views.get(id) ?? []), name]);
  }
  for (const [id, names] of views) chunkOf.set(id, FOLDED[names.join('+')] ?? names.join('+'));
  return chunkOf;
}

/**
 * Every chunk name chunkOfModules can give, in the order the bundler is to fill them: a group also
 * takes the dependencies of its modules, so the steps come first, then the sets of views from the
 * largest (a module's dependencies are in its own set of views or a larger one, or in a step).
 */
function chunkNames(): string[] {
  const sets: string[][] = [[]];
  for (const [view] of VIEWS) for (const set of [...sets]) sets.push([...set, view]);
  const bySize = sets.slice(1).sort((a, b) => b.length - a.length);
  const names = bySize.map((set) => set.join('+')).filter((name) => !FOLDED[name]);
  return [...STEPS.map(([name]) => name), ...names];
}

function firstViewChunks(): Rollup.OutputOptions['codeSplitting'] {
  let chunkOf: Map<string, string> | null = null;
  // One group per chunk (one group whose name() gives several names merged the steps' chunks).
  // Styles stay where Vite puts them (index.html's stylesheet, inlined by the server).
  return {
    groups: chunkNames().map((chunk, i, all) => ({
      name(id: string, context: { getModuleInfo: ModuleGraph }) {
        chunkOf ??= chunkOfModules((moduleId) => context.getModuleInfo(moduleId));
        return !id.endsWith('.css') && chunkOf.get(id) === chunk ? chunk : null;
      },
      // The bundler's timing report names a group whose name is a function by this (else it warns).
      debugName: chunk,
      priority: all.length - i,
    })),
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadEntrySteps()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  // manifest: dist/.vite/manifest.json maps source modules to chunks (bench/web.mjs reads it).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: firstViewChunks() } },
  },
});
