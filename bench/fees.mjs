// The fees part of `npm run bench` (issue 14, "Speed"), against the running app of bench/run.mjs
// (the demo seed's fees, and the students bench/people-data.ts added, not yet billed):
// - demand generation: the real job (POST /api/fees/generate for every class's structure, polled
//   to its end) bills the students the fill added; the target is 1,200 students in under 20 s;
// - the dues of one student (GET /api/fees/dues), one connection: p95 < 10 ms;
// - posting a counter payment (POST /api/fees/payments, ₹100 each to a pupil with dues, oldest
//   first, a new receipt number each), one connection: p95 < 40 ms on PGlite;
// - the defaulter list (GET /api/fees/defaulters, first page by amount, with its totals) over
//   every student billed, one connection: p95 < 50 ms.
import { bestOf, fetchAgain, load, warmUp } from './lib.mjs';

async function call(base, token, method, path, body) {
  const res = await fetchAgain(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Bills every class's structure as one job; answers the job's time and what it did. */
async function generate(base, token, kind) {
  const structures = (await call(base, token, 'GET', '/api/fees/structures')).items;
  const started = performance.now();
  const { job_id } = await call(base, token, 'POST', '/api/fees/generate', {
    structure_ids: structures.map((s) => s.id),
  });
  let job;
  for (;;) {
    job = await call(base, token, 'GET', `/api/jobs/${job_id}`);
    if (job.status === 'done' || job.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  if (job.status !== 'done') throw new Error(`generation failed: ${JSON.stringify(job)}`);
  const { students, dues_created } = job.result;
  // The students billed for the first time: those the structures had not billed before the job.
  const billed = structures.reduce((n, s) => n + s.students_billed, 0);
  const per1200 = (seconds * 1200) / Math.max(1, students - billed);
  const row = {
    endpoint: `demand generation (job, ${structures.length} classes)`,
    db: kind,
    answer: `${students.toLocaleString('en')} students, ${(students - billed).toLocaleString('en')} new: ${dues_created.toLocaleString('en')} dues`,
    seconds: Math.round(seconds * 10) / 10,
    's per 1,200 new': Math.round(per1200 * 100) / 100,
    target: '1,200 students < 20 s',
    met: per1200 < 20,
  };
  console.log(`  generation (${kind}): ${row.answer} in ${row.seconds} s`);
  return row;
}

export async function feesBench({ base, token, kind, duration, repeats }) {
  const rows = [];
  const generation = await generate(base, token, kind);
  // A pupil of the demo seed with dues, and the seed's receipts so far.
  const [receipt] = (await call(base, token, 'GET', '/api/fees/payments?limit=1&order=asc')).items;
  const studentId = receipt.student_id;
  const headers = { authorization: `Bearer ${token}` };
  const dues = await call(base, token, 'GET', `/api/fees/dues?student_id=${studentId}`);
  const defaulters = await call(base, token, 'GET', '/api/fees/defaulters?limit=25');
  const endpoints = [
    {
      name: 'GET /api/fees/defaulters (first page by amount, totals)',
      options: { url: `${base}/api/fees/defaulters?limit=25`, headers },
      answer: `${defaulters.totals.students.toLocaleString('en')} students overdue`,
      target: 50,
    },
    {
      name: 'GET /api/fees/dues?student_id (one student)',
      options: { url: `${base}/api/fees/dues?student_id=${studentId}`, headers },
      answer: `${dues.items.length} dues`,
      target: 10,
    },
    {
      name: 'POST /api/fees/payments (₹100, cash)',
      options: {
        url: `${base}/api/fees/payments`,
        method: 'POST',
        headers,
        body: { student_id: studentId, amount_paise: 10_000, mode: 'cash', reference: '' },
      },
      answer: '201, a receipt number each',
      target: kind === 'pglite' ? 40 : null,
    },
  ];
  for (const e of endpoints) {
    const options = { ...e.options, duration };
    await warmUp(options);
    const r = await bestOf(repeats, () => load({ ...options, connections: 1 }));
    if (r.errors) throw new Error(`${e.name}: ${r.errors} errors`);
    rows.push({
      endpoint: e.name,
      db: kind,
      answer: e.answer,
      requestsPerSecond: r.requestsPerSecond,
      p50: r.exact.p50,
      p95: r.exact.p95,
      p99: r.exact.p99,
      target: e.target ? `p95 < ${e.target}` : '-',
      met: e.target ? r.exact.p95 < e.target : '-',
    });
    console.log(`  ${e.name} (${kind}): p50 ${r.exact.p50} ms, p95 ${r.exact.p95} ms`);
  }
  return { rows, generation };
}
