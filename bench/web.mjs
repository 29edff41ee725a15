// `npm run bench:web`: what the first view of a page costs the browser. Builds the web app, then
// (1) adds up the JavaScript and CSS the first view of each page in PAGES loads, compressed with
// gzip (node:zlib, default level, as a server compressing on the fly sends it) and brotli, by
// walking Vite's manifest from index.html's entry and the page's lazy route chunks through their
// static imports; (1b) loads /signin and signs in through to the admin dashboard in Chromium
// with a cold cache and counts ALL bytes and requests (bench/first-views.mjs), beside issue 16's
// targets and the peer's figures; (2) runs Lighthouse (performance only, desktop and mobile presets, median of
// BENCH_LH_RUNS runs, default 3) on the built app served by scripts/start.mjs with Chromium;
// (3) times each list screen's first page on a cold cache (bench/list-screens.mjs).
// Prints tables and writes bench/results/web-<timestamp>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { dist, kb, measureBundles } from './bundles.mjs';
import { measureFirstViews, PEER, VIEWS } from './first-views.mjs';
import { startServer, stopServer, table } from './lib.mjs';
import { measureListScreens, TARGET_LIST_MS } from './list-screens.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3920);
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const TARGET_LIGHTHOUSE = 95;

const LIGHTHOUSE_PAGES = ['/signin', '/homepage'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Scores and metrics of one Lighthouse run, and what it says would save the most. */
function summary(lhr) {
  const a = lhr.audits;
  const ms = (id) => Math.round(a[id]?.numericValue ?? 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    FCP: ms('first-contentful-paint'),
    LCP: ms('largest-contentful-paint'),
    TBT: ms('total-blocking-time'),
    CLS: Math.round((a['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    SI: ms('speed-index'),
    transferKB: kb(a['total-byte-weight']?.numericValue ?? 0),
    advice: Object.values(a)
      .filter((x) => x.details?.type === 'opportunity' && (x.score ?? 1) < 0.9)
      .map((x) => `${x.title}${x.displayValue ? ` (${x.displayValue})` : ''}`),
  };
}

async function runLighthouse(base) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      for (const [preset, config] of [
        ['desktop', desktopConfig],
        ['mobile', undefined],
      ]) {
        const runs = [];
        // A run Lighthouse itself could not record (NO_NAVSTART on a busy machine) is run again,
        // up to twice per page and preset.
        for (let i = 0, retries = 2; i < RUNS; i++) {
          const result = await lighthouse(
            `${base}${page}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            config,
          );
          const error = result.lhr.runtimeError;
          if (error && retries-- > 0) {
            console.log(`  ${page} ${preset}: run again (${error.code})`);
            i--;
            continue;
          }
          if (error) throw new Error(`${page}: ${error.message}`);
          runs.push(summary(result.lhr));
        }
        // The run with the median score stands for the page (Lighthouse's own advice).
        const mid = runs.find((r) => r.score === median(runs.map((x) => x.score)));
        rows.push({ page, preset, ...mid, scores: runs.map((r) => r.score).join(' ') });
        console.log(`  ${page} ${preset}: ${mid.score} (runs: ${runs.map((r) => r.score).join(', ')})`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/**
 * BENCH_WEB_COMPRESS=1: Lighthouse goes through a proxy that gzips text responses on the fly,
 * to show what the app would score if it served its assets compressed.
 */
function compressingProxy(target, port) {
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        const gzip =
          /gzip/.test(String(req.headers['accept-encoding'])) && /text|javascript|json|css|svg/.test(type);
        const headers = { ...up.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'accept-encoding';
        }
        res.writeHead(up.statusCode ?? 502, headers);
        (gzip ? up.pipe(createGzip()) : up).pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

const started = new Date();
if (process.env.BENCH_NO_BUILD !== '1' && !process.env.WEB_DIST) {
  const built = spawnSync('flock', ['/tmp/web-build.lock', 'npm', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const bundles = measureBundles();
console.log(`\n${table(bundles.map(({ largest, ...r }) => r))}\n`);

const dataDir = path.join(tmpdir(), 'schooliko-bench-web');
rmSync(dataDir, { recursive: true, force: true });
const base = `http://127.0.0.1:${PORT}`;
const server = await startServer(
  'app',
  [path.join(root, 'scripts/start.mjs'), '--no-build'],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    WEB_DIST: dist,
  },
  `${base}/api/health`,
);
const compress = process.env.BENCH_WEB_COMPRESS === '1';
const proxy = compress ? await compressingProxy(base, PORT + 1) : null;
/** BENCH_WEB_BYTES_ONLY=1: only the first views' bytes, no Lighthouse and no list screens. */
const bytesOnly = process.env.BENCH_WEB_BYTES_ONLY === '1';
let lighthouseRows = [];
let listRows = [];
let weightRows;
try {
  weightRows = (
    await measureFirstViews(
      base,
      VIEWS.filter((v) => v.target),
    )
  ).map((r) => ({
    view: r.view,
    'all bytes kB': r.kB,
    requests: r.requests,
    target: r.budget.target,
    'RosarioSIS 12': PEER[r.view],
  }));
  console.log(`\n${table(weightRows)}\n`);
  if (!bytesOnly) {
    lighthouseRows = await runLighthouse(compress ? `http://127.0.0.1:${PORT + 1}` : base);
    listRows = await measureListScreens(compress ? `http://127.0.0.1:${PORT + 1}` : base, RUNS);
  }
} finally {
  proxy?.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${table(weightRows)}\n`);
if (!bytesOnly) console.log(`\n${table(lighthouseRows.map(({ advice, ...r }) => r))}\n`);
for (const r of lighthouseRows)
  if (r.advice.length) console.log(`${r.page} ${r.preset}: ${r.advice.join('; ')}`);
if (!bytesOnly) console.log(`\n${table(listRows)}\n`);

const signin = weightRows.find((r) => r.view === '/signin');
const dashboard = weightRows.find((r) => r.view !== '/signin');
const lowest = Math.min(...lighthouseRows.map((r) => r.score));
const targets = {
  signin: {
    target: '<= 170 kB all bytes gzip, <= 20 requests',
    value: `${signin['all bytes kB']} kB, ${signin.requests} requests`,
    met: signin['all bytes kB'] <= 170 && signin.requests <= 20,
  },
  signInToDashboard: {
    target: '< 293.6 kB all bytes gzip',
    value: dashboard['all bytes kB'],
    met: dashboard['all bytes kB'] < 293.6,
  },
  lighthouse: { target: `>= ${TARGET_LIGHTHOUSE}`, value: lowest, met: lowest >= TARGET_LIGHTHOUSE },
  listScreen: {
    target: `first page < ${TARGET_LIST_MS} ms after a click, cold cache`,
    value: Math.max(...listRows.filter((r) => r.met !== '-').map((r) => r.ms)),
    met: listRows.every((r) => r.met !== false),
  },
};
if (bytesOnly) {
  delete targets.lighthouse;
  delete targets.listScreen;
}
for (const [name, t] of Object.entries(targets))
  console.log(`${name}: ${t.value} (target ${t.target}: ${t.met ? 'met' : 'missed'})`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `web-${started.toISOString().replace(/[:.]/g, '-')}.json`);
const loadAverage = os.loadavg().map((l) => l.toFixed(1));
writeFileSync(
  file,
  JSON.stringify(
    {
      date: started.toISOString(),
      runs: RUNS,
      compressedByProxy: compress,
      loadAverage,
      bundles,
      firstViews: weightRows,
      lighthouse: lighthouseRows,
      listScreens: listRows,
      targets,
    },
    null,
    2,
  ),
);
console.log(`written ${path.relative(root, file)}`);
