import { defineConfig } from 'vitest/config';

// One runner, three projects: pure units (common, web) and the API suite (server) that
// hits a real database (PGlite in memory, or PostgreSQL when TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      {
        // scripts/: the repository's own checks (boundaries.mjs).
        test: {
          name: 'common',
          include: ['common/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // A worker imports the app once and keeps one database and app from file to file
          // (testing/test-app.ts): isolation comes from emptying the tables, not a new process.
          isolate: false,
          globalSetup: ['server/src/testing/global-setup.ts'],
          setupFiles: ['server/src/testing/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
