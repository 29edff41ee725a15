// `npm test` (the gate) and `npm run test:soak` (`--soak`, the heavy tier). Steps run in order and
// stop at the first failure; each prints its time, and the run ends with a table of them. What each
// tier holds and should take: README, "Tests".
//
// npm test: typecheck, lint, unit; the API suite on PGlite (its fuzz and roles matrix at sample
// size), beside the engine contract on PostgreSQL when TEST_DATABASE_URL is set; the web build,
// the gate's journeys in Chromium (each module's main story) and the first-view budgets.
// npm run test:soak: the whole API suite on PostgreSQL (on PGlite without TEST_DATABASE_URL) at
// full size: the whole bad-input fuzz, the roles matrix with every caller, kill -9, database down
// and two instances on the server engine; then `npm run new-module` on a fresh worktree; then the
// journeys tagged @soak (playwright.config.ts).
import { spawn, spawnSync } from 'node:child_process';

const soak = process.argv.includes('--soak');
const pg = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The engine contract: what PostgreSQL itself must honour and PGlite cannot show (row-level
 * security and scope under the app role, numbers allocated under concurrent writers, two
 * instances and the job queue's locks on one database). Every PostgreSQL run also migrates a
 * server database first (its template). The embedded database's own durability (kill -9,
 * db/durability.test.ts) is PGlite's and runs in the PGlite step.
 */
const ENGINE_CONTRACT = [
  'server/src/kit/scope.test.ts',
  'server/src/security/tenant-isolation.test.ts',
  'server/src/security/multi-instance.test.ts',
  'server/src/platform/jobs/jobs.test.ts',
  'server/src/modules/fees/payments.test.ts',
  'server/src/modules/fees/refunds.test.ts',
  'server/src/modules/reception/reception.test.ts',
  'server/src/modules/postal/postal.test.ts',
];

/**
 * The server project's files on two workers (vitest's default on two cores is one). `*.soak.test.ts`
 * files (a real server killed and restarted, a minute each) run in the soak tier only.
 */
const vitestServer = (files = [], { soakFiles = false } = {}) => [
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--maxWorkers=2',
    ...(soakFiles ? [] : ['--exclude', 'server/src/**/*.soak.test.ts']),
    ...files,
  ],
];
const step = (name, [cmd, args], env = {}) => [name, cmd, args, env];

const plan = [];
if (soak) {
  if (!pg) console.log('TEST_DATABASE_URL is not set: the soak tier runs on PGlite.');
  plan.push([
    step(`api, whole, at full size (${pg ? 'postgres' : 'pglite'})`, vitestServer([], { soakFiles: true }), {
      TEST_DB: pg ? 'postgres' : 'pglite',
      TEST_TIER: 'soak',
    }),
  ]);
  // A module scaffolded on a fresh worktree of HEAD typechecks and passes its tests (issue 25).
  plan.push([step('new-module on a fresh worktree', ['node', ['scripts/new-module/check.mjs']])]);
  if (!process.argv.includes('--no-e2e')) {
    plan.push([step('build', ['npm', ['run', 'build']])]);
    plan.push([
      step('e2e, the journeys tagged @soak', ['npx', ['playwright', 'test']], { E2E_TIER: 'soak' }),
    ]);
  }
} else {
  plan.push([step('typecheck', ['npm', ['run', 'typecheck']])]);
  plan.push([step('lint', ['npm', ['run', 'lint']])]);
  plan.push([step('unit', ['npm', ['run', 'test:unit']])]);
  const api = [step('api (pglite)', vitestServer(), { TEST_DB: 'pglite' })];
  if (pg)
    api.push(step('engine contract (postgres)', vitestServer(ENGINE_CONTRACT), { TEST_DB: 'postgres' }));
  else console.log('TEST_DATABASE_URL is not set: the engine contract on PostgreSQL is left out.');
  plan.push(api);
  if (!process.argv.includes('--no-e2e')) {
    plan.push([step('build', ['npm', ['run', 'build']])]);
    plan.push([step("e2e, the gate's journeys", ['npx', ['playwright', 'test']])]);
    // On a copy of the demo the journeys seeded (e2e/servers.ts), rather than seeding it again.
    plan.push([
      step('first-view budgets', ['node', ['bench/bundles.mjs', '--check']], {
        FIRST_VIEWS_DATA_FROM: process.env.E2E_DATA_DIR ?? '/tmp/schooliko-e2e-data',
      }),
    ]);
  }
}

const times = [];
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
function fail(name, took, status) {
  console.error(`\n✗ ${name} failed after ${took}s`);
  summary();
  process.exit(status || 1);
}
function summary() {
  console.log('\nStep times:');
  for (const [name, took] of times) console.log(`  ${name.padEnd(44)} ${took.padStart(7)} s`);
}

/** Runs one step with its output shown as it comes. */
function runInline([name, cmd, args, env]) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) fail(name, seconds(started), run.status);
  times.push([name, seconds(started)]);
  console.log(`✓ ${name} (${seconds(started)}s)`);
}

/** Runs steps at once (each keeps about one core busy), each one's output printed whole at its end. */
async function runTogether(steps) {
  console.log(`\n▶ ${steps.map(([name]) => name).join(' and ')}, at once`);
  const results = await Promise.all(
    steps.map(
      ([name, cmd, args, env]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { env: { ...process.env, ...env } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => resolve({ name, status, took: seconds(started), output }));
        }),
    ),
  );
  // A failed step's output is printed last, so that the end of the log (all a CI page may keep)
  // shows its failures rather than a passing step's list.
  const ordered = [...results].sort((a, b) => Number(a.status !== 0) - Number(b.status !== 0));
  for (const { name, output } of ordered) console.log(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
  for (const { name, status, took } of results) {
    if (status !== 0) fail(name, took, status);
    times.push([name, took]);
    console.log(`✓ ${name} (${took}s)`);
  }
}

const began = Date.now();
for (const group of plan) {
  if (group.length === 1) runInline(group[0]);
  else await runTogether(group);
}
times.push(['total', seconds(began)]);
summary();
console.log(`\nAll ${soak ? 'soak' : 'test'} steps passed.`);
