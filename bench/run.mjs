// `npm run bench`: the ceiling (bare Fastify) and the built app on PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL is set, driven by autocannon. Prints a table and writes bench/results/*.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, startServer, stopServer, table, warmUp } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const port = Number(process.env.BENCH_PORT ?? 3900); // the ceiling's; the app takes the next two
const helloBase = `http://127.0.0.1:${port}`;
// Rate limits would turn a load test into a 429 test: lift them for the app under test.
const UNLIMITED = 'signin-account=100000000/60,signin-ip=100000000/60,refresh-ip=100000000/60';

async function signIn(base, email, role) {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Schooliko@123', role }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.tokens.accessToken;
}

async function benchApp(kind, port, extraEnv) {
  const dataDir = path.join(tmpdir(), `schooliko-bench-${kind}-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    `app (${kind})`,
    [tsx, path.join(root, 'server/src/main.ts')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMITS: UNLIMITED,
      ...extraEnv,
    },
    `${base}/api/health`,
  );
  const rows = [];
  try {
    const adminToken = await signIn(base, 'admin@schooliko.dev', 'admin');
    const directorToken = await signIn(base, 'director@schooliko.dev', 'director');
    const endpoints = [
      {
        name: 'branding POST /api/institutes/basic-data',
        method: 'POST',
        url: `${base}/api/institutes/basic-data`,
        body: { domain: 'localhost' },
      },
      {
        name: 'GET /api/notifications/unreadCount',
        url: `${base}/api/notifications/unreadCount`,
        headers: { authorization: `Bearer ${adminToken}` },
      },
      {
        name: 'GET /api/groups/search?q=',
        url: `${base}/api/groups/search?q=demo`,
        headers: { authorization: `Bearer ${directorToken}` },
      },
      {
        name: 'POST /api/auth/signin',
        method: 'POST',
        url: `${base}/api/auth/signin`,
        body: { email: 'student@schooliko.dev', password: 'Schooliko@123', role: 'student' },
      },
    ];
    for (const e of endpoints) {
      await warmUp(e);
      rows.push({ endpoint: e.name, db: kind, ...(await load({ ...e, duration, connections })) });
    }
    // The branding lookup while sign-ins (argon2id) hammer the same process.
    const [branding] = await Promise.all([
      load({ ...endpoints[0], duration, connections: connections / 2 }),
      load({ ...endpoints[3], duration, connections: connections / 2 }),
    ]);
    rows.push({ endpoint: 'branding during sign-in burst', db: kind, ...branding });
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const hello = await startServer(
  'hello',
  [path.join(root, 'bench/hello.mjs')],
  { PORT: String(port) },
  `${helloBase}/health`,
);
await warmUp({ url: `${helloBase}/` });
const ceiling = {
  endpoint: 'ceiling: bare Fastify',
  db: '-',
  ...(await load({ url: `${helloBase}/`, duration, connections })),
};
await stopServer(hello);

const rows = [ceiling, ...(await benchApp('pglite', port + 1, {}))];
if (process.env.BENCH_DATABASE_URL)
  rows.push(...(await benchApp('postgres', port + 2, { DATABASE_URL: process.env.BENCH_DATABASE_URL })));
for (const r of rows) {
  r.ofCeiling = `${Math.round((r.requestsPerSecond / ceiling.requestsPerSecond) * 100)}%`;
  delete r.exact; // every latency, for percentiles; too long for the table or the JSON
}

console.log(`\n${table(rows)}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), duration, connections, rows }, null, 2));
console.log(`written ${path.relative(root, file)}`);
