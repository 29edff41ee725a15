import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './security/server-process';

// The soak tier (npm run test:soak): a real server on a new data folder migrates and seeds the
// whole demo before it listens, half a minute and more.
describe('the server started as npm start starts it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'schooliko-banner-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the block once, after it listens', { timeout: 120_000 }, async () => {
    const server = await startServer({ DATA_DIR: dir });
    try {
      // Written just after listen: the health answer may come first.
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('Schooliko is running');
      const output = server.output();
      expect(output.match(/Schooliko is running/g)).toHaveLength(1);
      expect(output).toContain(`  App:           http://localhost:${server.port}`);
      expect(output).toContain(`  Green Valley:  http://greenvalley.localhost:${server.port}`);
      expect(output).toContain(`/dev/mail`);
      expect(output).toContain(`  Data:          ${dir}`);
    } finally {
      await server.kill();
    }
  });
});
