// The admission enquiry list at 50,000 enquiries (issue 15, "Speed": p95 < 30 ms), on PGlite:
// the data script fills the development institute, then the app answers the desk's first page
// (newest first), a state filter and a search, one connection each.
//   node bench/enquiries.mjs   (BENCH_PORT, default 3940; BENCH_DURATION, default 10 s)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, startServer, stopServer, table, warmUp } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const port = Number(process.env.BENCH_PORT ?? 3940);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const ENQUIRIES = 50_000;

function fill(dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsx, path.join(root, 'bench/enquiries-data.ts'), String(ENQUIRIES), '--data-dir', dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`fill exited ${code}`)),
    );
  });
}

const dataDir = path.join(tmpdir(), `schooliko-bench-enquiries-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const filled = await fill(dataDir);
console.log(`pglite: ${filled.enquiries} enquiries (${filled.added} added in ${filled.seconds} s)`);
const base = `http://127.0.0.1:${port}`;
const server = await startServer(
  'app (pglite)',
  [tsx, path.join(root, 'server/src/main.ts')],
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  `${base}/api/health`,
);
const rows = [];
try {
  const signedIn = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@schooliko.dev', password: 'Schooliko@123', role: 'admin' }),
  });
  const token = (await signedIn.json()).data.tokens.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const cases = [
    ['GET /api/admission-enquiries (first page, newest first)', '/api/admission-enquiries?limit=25'],
    ['GET /api/admission-enquiries?state=new', '/api/admission-enquiries?limit=25&state=new'],
    ['GET /api/admission-enquiries?page=40', '/api/admission-enquiries?limit=25&page=40'],
    [
      'GET /api/admission-enquiries?search=Child 4242',
      '/api/admission-enquiries?limit=25&search=Child%204242',
    ],
  ];
  for (const [name, url] of cases) {
    const options = { url: `${base}${url}`, headers };
    const first = await fetch(options.url, { headers });
    const total = (await first.json()).data.pagination.total;
    await warmUp(options);
    const result = await load({ ...options, duration, connections: 1 });
    rows.push({
      endpoint: name,
      db: 'pglite',
      answer: `${total.toLocaleString('en')} matches`,
      ...result,
      target: 30,
      met: result.p95 !== null && result.errors === 0 && result.p95 < 30,
    });
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(table(rows.map(({ exact, ...r }) => ({ ...r, p95: exact.p95 }))));
