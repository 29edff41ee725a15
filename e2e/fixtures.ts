import { cpSync, rmSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { pinClock, TEST_NOW } from '@schooliko/common/clock';
import { portOf, SEEDED_DIR, type Server, startServer } from './servers';

export * from '@playwright/test';

// The journeys' working day (common/src/clock.ts), for the worker running them (every spec imports
// this file), its server (servers.ts) and each page.
pinClock(TEST_NOW);

/**
 * Playwright's test, where each worker serves its own copy of the seeded data (servers.ts) and
 * every browser context runs on the pinned clock.
 */
export const test = base.extend<object, { server: Omit<Server, 'stop'> }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use, worker) => {
      const dataDir = `${SEEDED_DIR}-w${worker.parallelIndex}`;
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(SEEDED_DIR, dataDir, { recursive: true });
      const server = await startServer(portOf(worker.parallelIndex), dataDir);
      // helpers.ts `originFor` names this worker's port.
      process.env.E2E_PORT = String(server.port);
      await use(server);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(`http://localhost:${server.port}`),
  // Every context, the test's own and those a journey opens (browser.newPage too), starts on the
  // pinned clock, with the worker's server as its base.
  browser: [
    async ({ browser, server }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext({
          reducedMotion: 'reduce',
          ...options,
          baseURL: options?.baseURL ?? `http://localhost:${server.port}`,
        });
        await context.addInitScript(pinClock, Date.now());
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
