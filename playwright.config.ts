import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/schooliko-e2e-data';
/** Where e2e/google.spec.ts runs its stand-in for Google (an OpenID provider that approves all). */
export const GOOGLE_E2E_PORT = PORT + 1;

/** End-to-end journeys in Debian's Chromium against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Journeys that publish the demo school's site run last: others need it unpublished.
  projects: [
    { name: 'journeys', testIgnore: /published-site\// },
    { name: 'published-site', testMatch: /published-site\/.*\.spec\.ts/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs --no-build`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: 'schooliko-e2e',
      GOOGLE_CLIENT_SECRET: 'schooliko-e2e-secret',
      GOOGLE_ISSUER_URL: `http://localhost:${GOOGLE_E2E_PORT}`,
    },
  },
});
