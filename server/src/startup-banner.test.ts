import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './security/server-process';
import { startupBanner } from './startup-banner';

const base = { PORT: 3000, DATA_DIR: './data', DATABASE_URL: undefined, SMTP_URL: undefined } as const;

describe('the start-up block (npm start outside production)', () => {
  it('names both demo institutes, the demo accounts, the mail viewer and the data folder', () => {
    const text = startupBanner({ ...base, NODE_ENV: 'development' }, '/srv/schooliko');
    expect(text.split('\n')).toEqual([
      '',
      'Schooliko is running (development)',
      '  App:           http://localhost:3000',
      '  Green Valley:  http://greenvalley.localhost:3000',
      '  Demo accounts: README.md, "Demo accounts" (every password is Schooliko@123)',
      '  Mail:          http://localhost:3000/dev/mail (not sent; SMTP_URL sends it)',
      '  Data:          /srv/schooliko/data',
      '',
    ]);
  });

  it('shows PostgreSQL and SMTP without their passwords', () => {
    const text = startupBanner(
      {
        ...base,
        PORT: 3195,
        NODE_ENV: 'development',
        DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/schooliko',
        SMTP_URL: 'smtp://mailer:hunter2@smtp.example:587',
      },
      '/srv/schooliko',
    );
    expect(text).toContain('http://greenvalley.localhost:3195');
    expect(text).toContain(
      'PostgreSQL postgres://app:***@db.internal:5432/schooliko; files in /srv/schooliko/data',
    );
    expect(text).toContain('over SMTP (smtp://mailer:***@smtp.example:587)');
    expect(text).not.toMatch(/s3cret|hunter2/);
  });
});

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
