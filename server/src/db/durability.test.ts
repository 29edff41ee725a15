import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { institutes } from '../platform/institutes/institutes.table';
import { openDatabase } from './client';
import { migrate } from './migrate';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// A child process writes to a PGlite data folder, reports each committed write, and is killed
// with SIGKILL mid-stream: every write it acknowledged must be there when the folder is reopened.
const writer = `
import { openDatabase } from './client';
import { migrate } from './migrate';
import { institutes } from '../platform/institutes/institutes.table';
const database = await openDatabase({ dataDir: process.env.DIR });
await migrate(database);
for (let i = 0; ; i++) {
  await database.db.insert(institutes).values({ code: 'K' + i, name: 'Kill ' + i, domain: 'k' + i + '.localhost' });
  process.stdout.write('ok ' + i + '\\n');
}
`;

describe('embedded database durability', () => {
  it('keeps every acknowledged write across a kill -9', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'schooliko-kill-'));
    dirs.push(dir);
    const script = path.join(import.meta.dirname, `.writer-${process.pid}.ts`);
    writeFileSync(script, writer);
    // tsx as a loader, so that the process killed is the writer itself (tsx's CLI would run it in a
    // child that outlives a SIGKILL to the CLI).
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DIR: dir },
    });
    let acknowledged = -1;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          const m = /^ok (\d+)$/.exec(line);
          if (m) acknowledged = Number(m[1]);
        }
        if (acknowledged >= 40) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => resolve());
      child.on('error', reject);
    });
    rmSync(script, { force: true });
    expect(acknowledged).toBeGreaterThanOrEqual(40);

    const reopened = await openDatabase({ dataDir: dir });
    const rows = await reopened.db.select().from(institutes);
    await reopened.close();
    const codes = new Set(rows.map((r) => r.code));
    for (let i = 0; i <= acknowledged; i++) expect(codes.has(`K${i}`)).toBe(true);
    // A child that loads tsx and migrates a fresh embedded database: seconds alone, half a minute
    // and more beside another suite on two cores.
  }, 120_000);

  it('answers 503 on health when the database cannot be reached', async () => {
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({
      database,
      config: readConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }),
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', db: 'postgres' });
    const branding = await app.inject({
      method: 'POST',
      url: '/api/institutes/basic-data',
      payload: { domain: 'localhost' },
    });
    expect(branding.statusCode).toBe(503);
    expect(branding.json().success).toBe(false);
    await app.close();
    await database.close();
  });

  it('persists data in DATA_DIR across a clean restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'schooliko-restart-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await migrate(first);
    await first.db.insert(institutes).values({ code: 'R1', name: 'Restart', domain: 'restart.localhost' });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await migrate(second);
    const rows = await second.db.select().from(institutes).where(eq(institutes.code, 'R1'));
    await second.close();
    expect(rows).toHaveLength(1);
  });
});
