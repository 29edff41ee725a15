// The people-records part of `npm run bench` (issue 12, "Speed"): the student list and search
// over 10,000 students of one institute with one connection, and the import of a 10,000-row
// students CSV through the real route, timed to the job's end, with the server's memory watched.
// The rows come from bench/people-data.ts (run with tsx: it reuses the demo seed's names).
import { spawn } from 'node:child_process';
import { openAsBlob, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bestOf, load, warmUp } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

export const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** Name fragments as people type them: part of a surname, and a first name with part of a surname. */
export const SEARCHES = ['kulk', 'aarav sha'];

/** Runs bench/people-data.ts with tsx; resolves with its last line of output, parsed as JSON if it is. */
export function peopleData(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, path.join(root, 'bench/people-data.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`people-data ${args[0]} exited with ${code}`));
      const last = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last));
      } catch {
        resolve(last);
      }
    });
  });
}

/**
 * GET /api/students: the first page, and a search for each of SEARCHES, 25 to a page, as an admin
 * with one connection (best of `repeats` runs of `duration` s). Each answer is checked first.
 */
export async function studentSearch({ base, token, kind, duration, repeats }) {
  const headers = { authorization: `Bearer ${token}` };
  const rows = [];
  const endpoints = [
    { name: 'students ?limit=25 (first page)', path: '/api/students?limit=25' },
    ...SEARCHES.map((q) => ({
      name: `students ?search=${q}&limit=25`,
      path: `/api/students?search=${encodeURIComponent(q)}&limit=25`,
      search: true,
    })),
  ];
  for (const e of endpoints) {
    const url = `${base}${e.path}`;
    const check = await fetch(url, { headers });
    const body = await check.json();
    if (!check.ok) throw new Error(`${e.name}: ${check.status} ${JSON.stringify(body)}`);
    const options = { url, headers, duration };
    await warmUp(options);
    const r = await bestOf(repeats, () => load({ ...options, connections: 1 }));
    rows.push({
      endpoint: e.name,
      db: kind,
      answer: `total ${body.data.pagination.total}, ${body.data.items.length} on page`,
      requestsPerSecond: r.requestsPerSecond,
      p50: r.exact.p50,
      p95: r.exact.p95,
      p99: r.exact.p99,
      errors: r.errors,
      target: e.search ? 'p50 ≤ 5, p95 ≤ 15' : '-',
      met: e.search ? r.exact.p50 <= 5 && r.exact.p95 <= 15 : '-',
    });
    console.log(`  ${e.name} (${kind}): p50 ${r.exact.p50} ms, p95 ${r.exact.p95} ms`);
  }
  return rows;
}

/** Resident memory in bytes of a process and all its descendants (tsx runs the app in a child). */
function treeRss(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${p}/task`))
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8')
          .split(' ')
          .filter(Boolean))
          visit(Number(child));
    } catch {}
  };
  visit(pid);
  return total;
}

const MB = (bytes) => Math.round(bytes / 1024 / 102.4) / 10;

/**
 * POST /api/imports/students with a CSV of `rows` rows (the worker of the running server does the
 * job), then GET /api/jobs/:id until it is done. The time runs from the upload to the job's end;
 * the server's resident memory is sampled every 50 ms from before the upload to the end.
 */
export async function importStudents({ base, token, kind, pid, file, rows }) {
  const headers = { authorization: `Bearer ${token}` };
  const before = treeRss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 50);
  try {
    const started = performance.now();
    const form = new FormData();
    form.set('mode', 'import');
    form.set('file', await openAsBlob(file, { type: 'text/csv' }), 'students.csv');
    const res = await fetch(`${base}/api/imports/students`, { method: 'POST', headers, body: form });
    const body = await res.json();
    if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
    const uploaded = performance.now() - started;
    let job;
    for (;;) {
      const poll = await fetch(`${base}/api/jobs/${body.data.job_id}`, { headers });
      job = (await poll.json()).data;
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    if (job.status !== 'done' || job.result?.imported !== rows)
      throw new Error(
        `import did not import every row: ${JSON.stringify({ ...job, errors: job.errors.slice(0, 5) })}`,
      );
    const after = treeRss(pid);
    const row = {
      endpoint: `import ${rows.toLocaleString('en')} students (CSV, ${MB(readFileSync(file).length)} MB)`,
      db: kind,
      seconds: Math.round(seconds * 10) / 10,
      'upload s': Math.round(uploaded / 100) / 10,
      'rows/s': Math.round(rows / seconds),
      'rss before MB': MB(before),
      'rss peak MB': MB(peak),
      'peak growth MB': MB(peak - before),
      'rss after MB': MB(after),
      target: '< 30 s',
      met: seconds < 30,
    };
    console.log(
      `  import (${kind}): ${row.seconds} s, RSS ${row['rss before MB']} → peak ${row['rss peak MB']} MB`,
    );
    return row;
  } finally {
    clearInterval(sampler);
  }
}
