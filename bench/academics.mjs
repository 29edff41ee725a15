// Academics (issue 13): the timetable of the demo seed (37 sections, Monday to Saturday, 8 lessons
// a day: about 1,800 entries), on PGlite, one connection:
// - a section's week (GET /api/timetable?section_id): p95 < 30 ms;
// - saving an entry (POST /api/timetable/entries, with its section, teacher and room clash checks
//   against the whole week): p95 < 40 ms. Each save goes into a period cleared for it and is
//   cleared again after (the clear is not timed), so every save is a real 201.
// - saving a 40-pupil attendance sheet (POST /api/attendance, replacing the day): p95 < 50 ms.
// Run on its own: `node bench/academics.mjs` (BENCH_PORT, default 3930).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bestOf, load, percentile, startServer, stopServer, table, warmUp } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const port = Number(process.env.BENCH_PORT ?? 3930);
const base = `http://127.0.0.1:${port}`;
const SAVES = Number(process.env.BENCH_SAVES ?? 300);

async function call(token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Saving a 40-pupil attendance sheet (POST /api/attendance, issue 13 item 3): the largest demo
 * section topped up to 40 pupils, its latest working day (today unless closed) saved again and
 * again, alternating all present and three absent, so every save changes marks (one upsert, the
 * audit rows, the absence alerts' once-a-day check): p95 < 50 ms.
 */
async function attendanceSave(token, sections) {
  const section = [...sections].sort((a, b) => b.students - a.students)[0];
  for (let n = section.students; n < 40; n++)
    await call(token, 'POST', '/api/students', {
      admission_no: `BENCH/${n}`,
      first_name: 'Bench',
      last_name: `Pupil ${n}`,
      date_of_birth: '2015-06-01',
      gender: 'female',
      section_id: section.id,
    });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const from = new Date(Date.parse(today) - 14 * 864e5).toISOString().slice(0, 10);
  const days = (await call(token, 'GET', `/api/calendar/days?from=${from}&to=${today}`)).items;
  const date = days.filter((d) => d.state === 'working').at(-1).date;
  const pupils = (await call(token, 'GET', `/api/attendance?section_id=${section.id}&date=${date}`)).items;
  const sheet = (absent) => ({
    section_id: section.id,
    date,
    entries: pupils.map((p, i) => ({ student_id: p.student_id, status: absent && i % 13 === 5 ? 'A' : 'P' })),
  });
  const timings = [];
  for (let i = 0; i < SAVES; i++) {
    const started = performance.now();
    await call(token, 'POST', '/api/attendance', sheet(i % 2 === 1));
    timings.push(performance.now() - started);
  }
  const measured = timings.slice(20);
  const p95 = percentile(measured, 95);
  return {
    endpoint: 'POST /api/attendance (a 40-pupil sheet, replaced)',
    answer: `${pupils.length} pupils, ${measured.length} saves`,
    requestsPerSecond: '-',
    p50: percentile(measured, 50),
    p95,
    target: 'p95 < 50',
    met: p95 < 50,
  };
}

const dataDir = path.join(tmpdir(), `schooliko-bench-academics-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const server = await startServer(
  'app (pglite)',
  [tsx, path.join(root, 'server/src/main.ts')],
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
const rows = [];
try {
  const signedIn = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@schooliko.dev', password: 'Schooliko@123', role: 'admin' }),
  });
  const token = (await signedIn.json()).data.tokens.accessToken;
  const sections = (await call(token, 'GET', '/api/sections')).items;
  const section = sections.find((s) => s.label === 'VII-A');
  const week = (await call(token, 'GET', `/api/timetable?section_id=${section.id}`)).items;

  const options = {
    url: `${base}/api/timetable?section_id=${section.id}`,
    headers: { authorization: `Bearer ${token}` },
    duration: Number(process.env.BENCH_DURATION ?? 5),
  };
  await warmUp(options);
  const r = await bestOf(2, () => load({ ...options, connections: 1 }));
  if (r.errors) throw new Error(`GET /api/timetable: ${r.errors} errors`);
  rows.push({
    endpoint: 'GET /api/timetable?section_id (a week)',
    answer: `${week.length} entries`,
    requestsPerSecond: r.requestsPerSecond,
    p50: r.exact.p50,
    p95: r.exact.p95,
    target: 'p95 < 30',
    met: r.exact.p95 < 30,
  });

  // Saves: the Monday period 2 of VII-A, cleared, saved again (timed), cleared again.
  const slot = week.find((e) => e.day === 1) ?? week[0];
  const body = {
    section_id: slot.section_id,
    day: slot.day,
    period: slot.period,
    subject_id: slot.subject_id,
    teacher_id: slot.teacher_id,
    room: slot.room,
  };
  await call(token, 'DELETE', `/api/timetable/entries/${slot.id}`);
  const timings = [];
  for (let i = 0; i < SAVES; i++) {
    const started = performance.now();
    const saved = await call(token, 'POST', '/api/timetable/entries', body);
    timings.push(performance.now() - started);
    if (i < SAVES - 1) await call(token, 'DELETE', `/api/timetable/entries/${saved.id}`);
  }
  const measured = timings.slice(20); // the first saves warm up
  const p95 = percentile(measured, 95);
  rows.push({
    endpoint: 'POST /api/timetable/entries (clash checks, 201)',
    answer: `${measured.length} saves`,
    requestsPerSecond: '-',
    p50: percentile(measured, 50),
    p95,
    target: 'p95 < 40',
    met: p95 < 40,
  });

  rows.push(await attendanceSave(token, sections));
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(table(rows));
if (rows.some((r) => r.met === false)) process.exitCode = 1;
