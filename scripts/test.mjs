// `npm test`: typecheck, lint, unit, API (on PGlite, then on PostgreSQL when TEST_DATABASE_URL is
// set) and end-to-end, in that order; stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit', 'npm', ['run', 'test:unit']],
  ['api (pglite)', 'npm', ['run', 'test:api'], { TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL)
  steps.push(['api (postgres)', 'npm', ['run', 'test:api'], { TEST_DB: 'postgres' }]);
else console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
if (!process.argv.includes('--no-e2e')) steps.push(['e2e', 'npm', ['run', 'test:e2e']]);

for (const [name, cmd, args, env] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(run.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
console.log('\nAll test steps passed.');
