// `npm test`: typecheck, lint, unit, API (on PGlite and, when TEST_DATABASE_URL is set, on
// PostgreSQL, the two at once: each keeps about one core busy) and end-to-end, in that order;
// stops at the first failing step.
import { spawn, spawnSync } from 'node:child_process';

const serial = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit', 'npm', ['run', 'test:unit']],
];
// The bad-input fuzz suite (60,000 requests) judges validation and error answers, which do not
// depend on the database: PGlite is PostgreSQL's own engine. With PostgreSQL at hand it runs there
// only (about 4 minutes less on PGlite); without, on PGlite.
const FUZZ = 'server/src/security/bad-input.test.ts';
const api = [];
if (process.env.TEST_DATABASE_URL) {
  api.push(['api (pglite)', 'npm', ['run', 'test:api', '--', '--exclude', FUZZ], { TEST_DB: 'pglite' }]);
  api.push(['api (postgres)', 'npm', ['run', 'test:api'], { TEST_DB: 'postgres' }]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
  api.push(['api (pglite)', 'npm', ['run', 'test:api'], { TEST_DB: 'pglite' }]);
}
const e2e = process.argv.includes('--no-e2e') ? [] : [['e2e', 'npm', ['run', 'test:e2e']]];

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
function fail(name, started, status) {
  console.error(`\n✗ ${name} failed after ${seconds(started)}s`);
  process.exit(status ?? 1);
}

function runInline([name, cmd, args, env]) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) fail(name, started, run.status);
  console.log(`✓ ${name} (${seconds(started)}s)`);
}

/** Runs steps at once, each one's output kept and printed whole when it ends. */
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
          child.on('close', (status) => {
            console.log(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
            resolve({ name, status, started });
          });
        }),
    ),
  );
  for (const { name, status, started } of results) {
    if (status !== 0) fail(name, started, status);
    console.log(`✓ ${name} (${seconds(started)}s)`);
  }
}

for (const step of serial) runInline(step);
await runTogether(api);
for (const step of e2e) runInline(step);
console.log('\nAll test steps passed.');
