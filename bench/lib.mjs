import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

/** Starts a server process and resolves once `healthUrl` answers 200; an `env` value undefined unsets it. */
export async function startServer(name, args, env, healthUrl) {
  const merged = { ...process.env, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, args, {
    env: merged,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(healthUrl);
      if (res.ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become healthy`);
}

// Rate limits would turn a load test into a 429 test: lifted for the app under test.
const UNLIMITED = 'signin-account=100000000/60,signin-ip=100000000/60,refresh-ip=100000000/60';

/** The app (server/src/main.ts, through tsx) on PostgreSQL at `databaseUrl`, as a bench runs it. */
export function startApp({ port, dataDir, databaseUrl }) {
  const root = path.resolve(import.meta.dirname, '..');
  return startServer(
    'app',
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/src/main.ts')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMITS: UNLIMITED,
    },
    `http://127.0.0.1:${port}/api/health`,
  );
}

/** One statement on its own connection (creating and dropping a bench's database). */
/**
 * The server a bench uses (BENCH_DATABASE_URL, the machine's PostgreSQL by default) and the URL of
 * the bench's own database `name` on it, which the bench creates and drops.
 */
export function benchDatabase(name) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  return { adminUrl, dbUrl: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString() };
}

export async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/**
 * fetch, with a GET tried again (up to five times, waiting longer each time) when the connection
 * drops: a poll of a long job on a busy machine met ECONNRESET and ended `npm run bench` with no
 * table (issue 33). A POST is never sent twice.
 */
export async function fetchAgain(url, init = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if ((init.method ?? 'GET') !== 'GET' || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** One autocannon run; `host` sets the Host header (the tenant). */
export async function load({
  url,
  method = 'GET',
  body,
  headers = {},
  connections = 100,
  duration = 10,
  host,
}) {
  const instance = autocannon({
    url,
    method,
    body: body ? JSON.stringify(body) : undefined,
    headers: { 'content-type': 'application/json', ...(host ? { host } : {}), ...headers },
    connections,
    duration,
  });
  // autocannon reports p90, p97.5 and p99 but not p95: keep every 2xx latency (as autocannon's
  // own histogram does) and read p95 off the sorted list.
  const latencies = [];
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  const non2xx = result.non2xx ?? 0;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: percentile(latencies, 95),
    p99: result.latency.p99,
    // The same three to 0.01 ms (autocannon's histogram keeps whole milliseconds).
    exact: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
    errors: result.errors + result.timeouts + non2xx,
    non2xx,
    total: result.requests.total,
  };
}

/** The value below which `p` percent of the samples fall (nearest rank), in ms with 2 decimals. */
export function percentile(samples, p) {
  if (samples.length === 0) return null;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 100) / 100;
}

/**
 * The run with the lowest p95 of `n`: on a machine shared with other work, other processes only
 * ever add latency, so the best run is the closest to what the request itself costs.
 */
export async function bestOf(n, run) {
  let best;
  for (let i = 0; i < n; i++) {
    const r = await run();
    if (!best || r.exact.p95 < best.exact.p95) best = r;
  }
  return best;
}

export async function warmUp(options) {
  await load({ ...options, duration: 2, connections: 10 });
}

export function table(rows) {
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(width[i])).join('  ');
  return [
    line(cols),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(cols.map((c) => r[c]))),
  ].join('\n');
}
