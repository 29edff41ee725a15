import { defineConfig } from 'vitest/config';

// One runner, three projects: pure units (common, web) and the API suite (server) that
// hits a real database (PGlite in memory, or PostgreSQL when TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
