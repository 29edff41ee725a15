#!/usr/bin/env node
// Proves the scaffold on a fresh copy of the committed tree (issue 25, "done when"): in a detached
// worktree of HEAD, `npm run new-module library-books` must leave a module that typechecks and
// passes its own API test, with no existing file changed but the two module lists (and
// drizzle-kit's migration journal, which it appends to). Run by `npm run test:soak`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'schooliko-new-module-'));
const run = (command, args, cwd = copy) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

const EXPECTED_CHANGES = [
  'server/src/db/migrations/meta/_journal.json',
  'server/src/modules/index.ts',
  'web/src/modules.ts',
];

try {
  run('git', ['worktree', 'add', '--detach', copy, 'HEAD'], root);
  // The installed packages, as hard links: the workspaces' links are relative, so they point into the copy.
  for (const dir of ['node_modules', 'common/node_modules', 'server/node_modules', 'web/node_modules'])
    if (existsSync(path.join(root, dir))) run('cp', ['-al', path.join(root, dir), path.join(copy, dir)]);

  run('node', ['scripts/new-module.mjs', 'library-books', '--hi', 'पुस्तकालय', '--mr', 'ग्रंथालय']);
  const changed = run('git', ['status', '--porcelain', '--untracked-files=no'])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();
  if (JSON.stringify(changed) !== JSON.stringify(EXPECTED_CHANGES))
    throw new Error(
      `The scaffold changed ${changed.join(', ')}; only ${EXPECTED_CHANGES.join(', ')} may change`,
    );

  run('npm', ['run', 'typecheck']);
  run('npx', ['biome', 'check', '.']);
  run('npx', ['vitest', 'run', '--project', 'server', 'server/src/modules/library-books']);
  run('npx', ['vitest', 'run', '--project', 'web']);
  console.log(
    'new-module: the scaffolded module typechecks, passes its tests and changed only the module lists',
  );
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', copy], { cwd: root, stdio: 'ignore' });
  rmSync(copy, { recursive: true, force: true });
}
