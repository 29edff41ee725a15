import path from 'node:path';
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startServer, stopServer } from '/work/wt-weight/bench/lib.mjs';
const root = '/work/wt-weight';
const dataDir = '/tmp/e2e-weight-measure';
rmSync(dataDir, { recursive: true, force: true });
const server = await startServer('app', [path.join(root, 'scripts/start.mjs'), '--no-build'],
  { PORT: '3331', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' }, 'http://127.0.0.1:3331/api/health');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await (await browser.newContext()).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => { if (e.request.url.includes('logo')) console.log('REQ', e.type, e.initiator.type, JSON.stringify(e.request.headers), e.initiator.url ?? '', e.initiator.stack?.callFrames?.[0]?.url ?? ''); });
  cdp.on('Network.responseReceived', (e) => { if (e.response.url.includes('logo')) console.log('RES', e.type, e.response.status, e.response.fromDiskCache, JSON.stringify(e.response.headers)); });
  await page.goto('http://127.0.0.1:3331' + (process.argv[2] ?? '/signin'));
  await page.waitForLoadState('networkidle');
} finally { await browser.close(); await stopServer(server); }
