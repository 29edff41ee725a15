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

export default defineConfig({
  plugins: [react(), precompress(), preloadEntrySteps()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  // manifest: dist/.vite/manifest.json maps source modules to chunks (bench/web.mjs reads it).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
