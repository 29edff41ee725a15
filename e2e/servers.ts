import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { TEST_NOW } from '../common/src/clock';

/**
 * The journeys' servers: the built app on the embedded database, outside production, on the
 * pinned working day (common/src/clock.ts). global-setup.ts seeds one data folder; each Playwright
 * worker serves a copy of it on ports of its own (fixtures.ts), so journeys on two workers never
 * see each other's changes.
 */
export const SEEDED_DIR = process.env.E2E_DATA_DIR ?? '/tmp/schooliko-e2e-data';
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** A worker's port, and the next one for its stand-in Google (e2e/google.spec.ts). */
export const portOf = (parallelIndex: number) => BASE_PORT + 2 * (parallelIndex + 1);
/** The port of the seeding run (global-setup.ts). */
export const SEED_PORT = BASE_PORT;

const root = path.resolve(import.meta.dirname, '..');

export type Server = { port: number; googlePort: number; stop: () => Promise<void> };

/** Serves `dataDir` on `port` (migrating and seeding it first if it is new) once it answers. */
export async function startServer(port: number, dataDir: string): Promise<Server> {
  const googlePort = port + 1;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      CLOCK_AT: TEST_NOW,
      GOOGLE_CLIENT_ID: 'schooliko-e2e',
      GOOGLE_CLIENT_SECRET: 'schooliko-e2e-secret',
      GOOGLE_ISSUER_URL: `http://localhost:${googlePort}`,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForHealth(port, child);
  return {
    port,
    googlePort,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForHealth(port: number, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the e2e server on port ${port} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the e2e server on port ${port} did not answer /api/health within 3 minutes`);
}
