import { execFile } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every path under `root` (itself included) with its permission bits, as `0700 uploads/a`. */
function modes(root: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    const stat = lstatSync(at);
    found.push(`${(stat.mode & 0o777).toString(8).padStart(4, '0')} ${path.relative(root, at) || '.'}`);
    if (stat.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name));
  };
  walk(root);
  return found;
}

const client = path.join(import.meta.dirname, 'client.ts');

describe('DATA_DIR is the owner’s only', () => {
  it('start-up closes an existing data folder left open to everyone, and PGlite’s new files', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-modes-'));
    dirs.push(dataDir);
    // What an older version left behind: everything readable (and writable) by anyone.
    mkdirSync(path.join(dataDir, 'uploads/schooliko/0001_x/logo'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads/schooliko/0001_x/logo/a.png'), 'png');
    writeFileSync(path.join(dataDir, '.jwt-secret'), 'secret');
    for (const p of [
      '',
      'uploads',
      'uploads/schooliko',
      'uploads/schooliko/0001_x',
      'uploads/schooliko/0001_x/logo',
    ])
      chmodSync(path.join(dataDir, p), 0o777);
    for (const p of ['uploads/schooliko/0001_x/logo/a.png', '.jwt-secret'])
      chmodSync(path.join(dataDir, p), 0o666);

    // A process of its own opens the embedded database there (the umask it sets stays in it).
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { openDatabase } from ${JSON.stringify(client)};
         const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
         await database.db.execute('create table t (a int)');
         await database.close();`,
      ],
      { cwd: path.resolve(import.meta.dirname, '../../..') },
    );

    const all = modes(dataDir);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((m) => m.endsWith(' pglite/PG_VERSION'))).toEqual(['0600 pglite/PG_VERSION']);
    expect(all.filter((line) => !/^0[67]00 /.test(line))).toEqual([]);
    const stat = (p: string) => lstatSync(path.join(dataDir, p));
    for (const p of ['.', 'uploads', 'uploads/schooliko/0001_x/logo', 'pglite', 'pglite/base'])
      expect([p, stat(p).isDirectory(), stat(p).mode & 0o777]).toEqual([p, true, 0o700]);
    for (const p of [
      '.jwt-secret',
      'uploads/schooliko/0001_x/logo/a.png',
      'pglite/PG_VERSION',
      'pglite/pg_hba.conf',
    ])
      expect([p, stat(p).mode & 0o777]).toEqual([p, 0o600]);
  });
});

describe('secureDataDir', () => {
  it('creates a missing DATA_DIR 0700', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'schooliko-modes-'));
    dirs.push(parent);
    secureDataDir(path.join(parent, 'data'));
    expect(modes(path.join(parent, 'data'))).toEqual(['0700 .']);
  });
});
