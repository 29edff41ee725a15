// The reception part of the bench (issue 15, "Speed"): a visitor check-in without the photo
// (POST /api/visitors: a gap-free pass number from the counter row, the visitor, the answer with
// the host's name), one connection, by the demo receptionist: p95 < 30 ms.
// Alone: `node bench/reception.mjs` starts the app on PGlite in a fresh data dir (migrated and
// seeded by the app itself), measures, and stops it; BENCH_PORT picks its port (default 3960).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bestOf, load, startServer, stopServer, table, warmUp } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

export async function receptionBench({ base, token, kind, duration, repeats }) {
  const headers = { authorization: `Bearer ${token}` };
  const hosts = await fetch(`${base}/api/appointments/hosts`, { headers }).then((r) => r.json());
  const host = hosts.data.items[0]?.id ?? null;
  const options = {
    url: `${base}/api/visitors`,
    method: 'POST',
    headers,
    body: {
      name: 'Rakesh Kulkarni',
      phone: '9822011223',
      purpose: 'Meeting the class teacher',
      host_staff_id: host,
      persons: 1,
      id_proof_type: 'aadhaar',
      id_proof_last4: '4321',
    },
    duration,
  };
  await warmUp(options);
  const r = await bestOf(repeats, () => load({ ...options, connections: 1 }));
  if (r.errors) throw new Error(`POST /api/visitors: ${r.errors} errors`);
  const row = {
    endpoint: 'POST /api/visitors (check-in, no photo)',
    db: kind,
    answer: '201, a pass number each',
    requestsPerSecond: r.requestsPerSecond,
    p50: r.exact.p50,
    p95: r.exact.p95,
    p99: r.exact.p99,
    target: 'p95 < 30',
    met: r.exact.p95 < 30,
  };
  console.log(`  check-in (${kind}): p50 ${row.p50} ms, p95 ${row.p95} ms`);
  return [row];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.BENCH_PORT ?? 3960);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmpdir(), `schooliko-bench-reception-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(
    'app (pglite)',
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/src/main.ts')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMITS: 'signin-account=100000000/60,signin-ip=100000000/60,refresh-ip=100000000/60',
    },
    `${base}/api/health`,
  );
  try {
    const token = await signIn(base, 'reception@schooliko.dev', 'teacher');
    const rows = await receptionBench({
      base,
      token,
      kind: 'pglite',
      duration: Number(process.env.BENCH_DURATION ?? 10),
      repeats: Number(process.env.BENCH_REPEATS ?? 3),
    });
    console.log(table(rows));
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
