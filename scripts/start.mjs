// `npm start`: build the web app if it is missing or older than its sources, then serve app and
// API (migrations and, outside production, the demo seed run at start). `--no-build` only serves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ['web/src', 'web/public', 'web/index.html', 'common/src'].map((p) => path.join(root, p));
const stale =
  !existsSync(dist) ||
  sources.some(
    (s) =>
      existsSync(s) && (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(dist).mtimeMs,
  );

if (!process.argv.includes('--no-build') && stale) {
  // One line for a build that works; its whole output only when it fails (issue 32).
  console.log('Building the web app (web/dist)…');
  const started = Date.now();
  const built = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (built.status !== 0) {
    process.stdout.write(built.stdout ?? '');
    process.stderr.write(built.stderr ?? '');
    console.error('The web app did not build: its output is above.');
    process.exit(built.status ?? 1);
  }
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const server = spawn(process.execPath, [tsx, path.join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
