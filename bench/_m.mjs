import path from 'node:path';
import { rmSync } from 'node:fs';
import { measureFirstViews } from '/work/wt-weight/bench/first-views.mjs';
import { startServer, stopServer } from '/work/wt-weight/bench/lib.mjs';
const root = '/work/wt-weight';
const dataDir = '/tmp/e2e-weight-measure';
rmSync(dataDir, { recursive: true, force: true });
const t0 = Date.now();
const server = await startServer('app', [path.join(root, 'scripts/start.mjs'), '--no-build'],
  { PORT: '3331', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' }, 'http://127.0.0.1:3331/api/health');
console.log('server up', Date.now() - t0);
try {
  const rows = await measureFirstViews('http://127.0.0.1:3331', (await import('/work/wt-weight/bench/first-views.mjs')).VIEWS);
  for (const r of rows) console.log(r.view, r.kB, r.requests, '\n  rep:', r.repeated.join(', '), '\n  cache:', r.fromCache.join(', '), '\n  top:', r.largest.slice(0,12).join('\n'));
} finally { await stopServer(server); }
console.log('total', Date.now() - t0);
