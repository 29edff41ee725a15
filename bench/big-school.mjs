// The largest school (issue 33), part of `npm run bench:scale`: one institute on PostgreSQL at the
// demo's size (about 1,200 pupils), then grown to BENCH_PUPILS (default 100,000) and billed by the
// real fee-generation job, then (BENCH_MILLION, default 1,000,000; 0 leaves it out) grown again for
// the search alone. At each size the same requests, one connection, best of BENCH_REPEATS runs of
// BENCH_SECONDS: the admin dashboard, the defaulters of a 40-pupil section and of the institute, the
// student search, count and first page, and the fees, concessions and attendance lists. At the large
// size, 50 counter payments at once against one at a time, and a counter payment while the
// generation runs. Prints every figure beside its target and writes bench/results/big-school-*.json.
// Needs PostgreSQL: BENCH_DATABASE_URL names a server; the bench works in a database of its own
// (schooliko_bench_school), dropped at the end unless BENCH_KEEP=1.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  adminQuery as adminQueryOn,
  benchDatabase,
  bestOf,
  fetchAgain,
  load,
  percentile,
  startApp as startBenchApp,
  stopServer,
  table,
  warmUp,
} from './lib.mjs';
import { peopleData } from './people.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DB_NAME = 'schooliko_bench_school';
const { adminUrl, dbUrl } = benchDatabase(DB_NAME);
const duration = Number(process.env.BENCH_SECONDS ?? 3);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const PUPILS = Number(process.env.BENCH_PUPILS ?? 100_000);
const MILLION = Number(process.env.BENCH_MILLION ?? 1_000_000);
const PAY_SECONDS = Number(process.env.BENCH_PAY_SECONDS ?? 20);
const PAYERS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3930);
const base = `http://127.0.0.1:${PORT}`;
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A JSON call (a GET is tried again on a dropped connection: a poll under load must not end the run). */
async function call(token, method, url, body) {
  const res = await fetchAgain(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  return { status: res.status, data: json.data, body: json };
}

async function ok(token, method, url, body) {
  const res = await call(token, method, url, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.data;
}

async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

const adminQuery = (text) => adminQueryOn(adminUrl, text);
const dataDir = path.join(tmpdir(), 'schooliko-bench-school');
const startApp = () => startBenchApp({ port: PORT, dataDir, databaseUrl: dbUrl });

async function signIn() {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@schooliko.dev', password: 'Schooliko@123', role: 'admin' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.tokens.accessToken;
}

/** A section of the current year with 35 to 45 pupils on the rolls (a class of a real school). */
async function aSection(instituteId) {
  const [row] = await sql(
    `select s.section_id from students s join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id
     join academic_years y on y.institute_id = sec.institute_id and y.id = sec.academic_year_id and y.is_current
     where s.institute_id = $1 and s.status = 'enrolled' group by s.section_id
     having count(*) between 35 and 45 order by s.section_id limit 1`,
    [instituteId],
  );
  if (!row) throw new Error('no section of about 40 pupils');
  return row.section_id;
}

/** The requests measured at every size: [name, path, target ratio to the demo's p95 or null]. */
function requests(section, pupil) {
  return [
    ['admin dashboard', '/api/dashboard/admin', 3],
    ['defaulters, a 40-pupil section', `/api/fees/defaulters?limit=25&section_id=${section}`, 2],
    ['defaulters, institute', '/api/fees/defaulters?limit=25', 4],
    ['student search "kulk"', '/api/students?search=kulk&limit=25', 4],
    ['students on the rolls (count)', '/api/students?status=enrolled&limit=1', 4],
    ['students, first page', '/api/students?limit=25', 4],
    ['receipts, first page', '/api/fees/payments?limit=25', 4],
    ["the day's collection", `/api/fees/collection?on=${TODAY}`, 4],
    ['concession register, first page', '/api/fees/concessions/register?limit=25', 4],
    [
      "a section's attendance register",
      `/api/attendance/register?section_id=${section}&month=${TODAY.slice(0, 7)}`,
      2,
    ],
    ['dues of one pupil', `/api/fees/dues?student_id=${pupil}`, 2],
  ];
}

async function measure(token, instituteId, label) {
  const section = await aSection(instituteId);
  const [pupil] = await sql(
    `select student_id from fee_due_summaries where institute_id = $1 and overdue_paise > 0 limit 1`,
    [instituteId],
  );
  const rows = [];
  for (const [name, url, target] of requests(section, pupil.student_id)) {
    const options = { url: `${base}${url}`, headers: { authorization: `Bearer ${token}` }, duration };
    await warmUp(options);
    const r = await bestOf(REPEATS, () => load({ ...options, connections: 1 }));
    if (r.errors) throw new Error(`${name} (${label}): ${r.errors} errors`);
    if (r.exact.p95 === null) console.log(`  ${label}: ${name}: no answer within ${duration} s`);
    rows.push({ name, target, p50: r.exact.p50, p95: r.exact.p95 });
    console.log(`  ${label}: ${name}: p50 ${r.exact.p50} ms, p95 ${r.exact.p95} ms`);
  }
  return rows;
}

/** Pupils with dues to pay (₹100 each time, oldest first). */
async function payers(instituteId, n) {
  return (
    await sql(
      `select student_id from fee_due_summaries where institute_id = $1 and instalment = '' and overdue_paise > 100000
       group by student_id order by student_id limit $2`,
      [instituteId, n],
    )
  ).map((r) => r.student_id);
}

/** `clients` counter clerks posting ₹100 receipts for `seconds`: what came back and how fast. */
async function counter(token, pupils, clients, seconds) {
  const deadline = Date.now() + seconds * 1000;
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const student = pupils[next++ % pupils.length];
        const started = performance.now();
        let status;
        try {
          status = (
            await call(token, 'POST', '/api/fees/payments', {
              student_id: student,
              amount_paise: 10_000,
              mode: 'cash',
              reference: '',
            })
          ).status;
        } catch {
          status = 'network';
        }
        if (status === 201) latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const posted = statuses.get(201) ?? 0;
  return {
    clients,
    posted,
    perSecond: Math.round((posted / seconds) * 10) / 10,
    p95: percentile(latencies, 95),
    failed: Object.fromEntries([...statuses].filter(([s]) => s !== 201)),
  };
}

/** Receipt numbers of the year: every number from the first to the last, each once. */
async function gapFree(instituteId) {
  const [r] = await sql(
    `select count(*)::int as n, count(distinct receipt_no)::int as d,
       max(substring(receipt_no from '(\\d+)$')::int) - min(substring(receipt_no from '(\\d+)$')::int) + 1 as span
     from fee_payments where institute_id = $1 and kind = 'receipt'`,
    [instituteId],
  );
  return r.n === r.d && r.n === r.span;
}

/** The real job: every structure generated at once, polled to its end; payments at the counter meanwhile. */
async function generate(token, pupils) {
  const structures = (await ok(token, 'GET', '/api/fees/structures')).items;
  const started = performance.now();
  const { job_id } = await ok(token, 'POST', '/api/fees/generate', {
    structure_ids: structures.map((s) => s.id),
  });
  const during = [];
  let job;
  let n = 0;
  for (;;) {
    job = await ok(token, 'GET', `/api/jobs/${job_id}`);
    if (job.status === 'done' || job.status === 'failed') break;
    const t = performance.now();
    const paid = await call(token, 'POST', '/api/fees/payments', {
      student_id: pupils[n++ % pupils.length],
      amount_paise: 10_000,
      mode: 'cash',
      reference: '',
    });
    if (paid.status === 201) during.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const seconds = (performance.now() - started) / 1000;
  if (job.status !== 'done') throw new Error(`generation failed: ${JSON.stringify(job)}`);
  return {
    seconds: Math.round(seconds),
    result: job.result,
    counterP95: percentile(during, 95),
    payments: during.length,
  };
}

// ---------------------------------------------------------------------------------------------
const started = new Date();
console.log(
  `big school: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
rmSync(dataDir, { recursive: true, force: true });
await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await adminQuery(`CREATE DATABASE ${DB_NAME}`);
const results = { started: started.toISOString(), pupils: PUPILS, million: MILLION };
let app;
try {
  // The demo's school, as `npm start` seeds it.
  await peopleData(['fill', '1', '--url', dbUrl]);
  const [{ id: instituteId }] = await sql(`select id from institutes where domain = 'localhost'`);
  app = await startApp();
  let token = await signIn();
  console.log('the demo school:');
  results.demo = await measure(token, instituteId, 'demo');
  await stopServer(app);

  // Grown to PUPILS and billed by the real job.
  const grown = await peopleData(['fill', String(PUPILS), '--url', dbUrl]);
  console.log(`${grown.students} pupils (${grown.added} added in ${grown.seconds} s)`);
  // As autovacuum would, soon after a bulk load: statistics and the visibility map.
  await sql('vacuum analyze students, sections');
  app = await startApp();
  token = await signIn();
  const demoPayers = await payers(instituteId, 200);
  const generation = await generate(token, demoPayers);
  results.generation = generation;
  console.log(
    `generation: ${generation.result.students} pupils, ${generation.result.dues_created} dues in ${generation.seconds} s; a counter payment meanwhile p95 ${generation.counterP95} ms`,
  );
  console.log(`${PUPILS.toLocaleString('en')} pupils:`);
  results.large = await measure(token, instituteId, `${PUPILS / 1000}k`);

  const pupils = await payers(instituteId, 2000);
  const one = await counter(token, pupils, 1, PAY_SECONDS);
  const many = await counter(token, pupils, PAYERS, PAY_SECONDS);
  results.payments = { one, many, gapFree: await gapFree(instituteId) };
  console.log(
    `counter: 1 clerk ${one.perSecond}/s, ${PAYERS} at once ${many.perSecond}/s, failed ${JSON.stringify(many.failed)}`,
  );
  await stopServer(app);
  app = undefined;

  // Grown again, for the search alone (not billed).
  if (MILLION > PUPILS) {
    const more = await peopleData(['fill', String(MILLION), '--url', dbUrl]);
    console.log(`${more.students} pupils (${more.added} added in ${more.seconds} s)`);
    await sql('vacuum analyze students');
    app = await startApp();
    token = await signIn();
    const search = {
      url: `${base}/api/students?search=kulk&limit=25`,
      headers: { authorization: `Bearer ${token}` },
      duration,
    };
    await warmUp(search);
    const r = await bestOf(REPEATS, () => load({ ...search, connections: 1 }));
    results.million = { p50: r.exact.p50, p95: r.exact.p95, errors: r.errors };
    console.log(`search at ${MILLION.toLocaleString('en')}: p50 ${r.exact.p50} ms, p95 ${r.exact.p95} ms`);
  }
} finally {
  if (app) await stopServer(app);
  if (process.env.BENCH_KEEP !== '1') await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}

// Every figure beside its target.
const k = `${PUPILS / 1000}k`;
const rows = results.demo.map((d, i) => {
  const l = results.large[i];
  const ratio = l.p95 === null || d.p95 === null ? null : Math.round((l.p95 / d.p95) * 10) / 10;
  return {
    figure: d.name,
    'demo p95 ms': d.p95,
    [`${k} p95 ms`]: l.p95,
    ratio,
    target: `≤ ${d.target}×`,
    met: ratio !== null && ratio <= d.target,
  };
});
const g = results.generation;
const p = results.payments;
rows.push(
  {
    figure: `fee generation, ${g.result.students.toLocaleString('en')} pupils`,
    'demo p95 ms': '-',
    [`${k} p95 ms`]: `${g.seconds} s`,
    ratio: '-',
    target: '< 300 s',
    met: g.seconds < 300,
  },
  {
    figure: 'a counter payment during the generation',
    'demo p95 ms': '-',
    [`${k} p95 ms`]: g.counterP95,
    ratio: '-',
    target: 'answers',
    met: g.payments > 0,
  },
  {
    figure: `${PAYERS} counter payments at once, per second`,
    'demo p95 ms': `1 clerk: ${p.one.perSecond}`,
    [`${k} p95 ms`]: `${p.many.perSecond} (p95 ${p.many.p95} ms)`,
    ratio: Math.round((p.many.perSecond / p.one.perSecond) * 10) / 10,
    target: '≥ 1.5×, no failure, gap-free',
    met: p.many.perSecond >= 1.5 * p.one.perSecond && Object.keys(p.many.failed).length === 0 && p.gapFree,
  },
);
if (results.million && typeof results.million === 'object')
  rows.push({
    figure: `student search at ${MILLION.toLocaleString('en')}`,
    'demo p95 ms': '-',
    [`${k} p95 ms`]: results.million.p95,
    ratio: '-',
    target: 'p95 < 100 ms',
    met: results.million.p95 < 100,
  });
console.log(`\n${table(rows)}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(
  root,
  'bench/results',
  `big-school-${started.toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(file, JSON.stringify({ ...results, rows }, null, 2));
console.log(`written to ${path.relative(root, file)}`);
