import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the built app (`npm run build` first). The demo
 * is seeded once (e2e/global-setup.ts); each worker serves its own copy of it on the pinned
 * working day and its own port (e2e/fixtures.ts, e2e/servers.ts), so journeys can run side by side.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Room for a busy two-core machine: a three-role journey took 60 s on one, a list's first load 10 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Tiers (README, "Tests"; docs/decisions/015): `npm test` runs the journeys not tagged @soak (each
  // module's main story), `npm run test:soak` those tagged @soak (variants at 390 px, other roles
  // and languages, secondary stories), and E2E_TIER=all both.
  grep: process.env.E2E_TIER === 'soak' ? /@soak/ : undefined,
  grepInvert: process.env.E2E_TIER === 'soak' || process.env.E2E_TIER === 'all' ? undefined : /@soak/,
  // A worker keeps a browser and a server busy. With motion reduced (below), two workers on two
  // cores took 18.8 minutes against one worker's 22.6, all passing: menus no longer grow open, so
  // a busy machine's missed frames cannot move an option from under a click (bench/README.md).
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism())),
  retries: 0,
  reporter: [['list']],
  // Journeys that publish the demo school's site run in workers of their own: the others need it
  // unpublished, and a worker's server keeps what its journeys did.
  projects: [
    { name: 'journeys', testIgnore: /published-site\// },
    { name: 'published-site', testMatch: /published-site\/.*\.spec\.ts/ },
  ],
  use: {
    // The app then moves nothing it need not (web/src/app/theme.ts): no frames spent on menus
    // growing, so a click lands on what the journey sees, and two workers can share two cores.
    reducedMotion: 'reduce',
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
});
