import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_NOW } from '../common/src/clock';
import { SEED_PORT, SEEDED_DIR, startServer } from './servers';

const root = path.resolve(import.meta.dirname, '..');

/**
 * What the seeded demo is made from: the server's and common's sources, the installed packages'
 * lock and the pinned day. `npm run test:soak` after `npm test` (CI runs both) finds the same
 * fingerprint and serves the demo the gate seeded, instead of seeding it again (half a minute).
 */
function fingerprint(): string {
  const hash = createHash('sha256')
    .update(TEST_NOW)
    .update(readFileSync(path.join(root, 'package-lock.json')));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ['server/src', 'common/src']) walk(path.join(root, dir));
  return hash.digest('hex');
}

/** Seeds the demo once, into the data folder every worker's server copies (fixtures.ts). */
export default async function globalSetup() {
  const stamp = `${SEEDED_DIR}.fingerprint`;
  const made = fingerprint();
  if (existsSync(SEEDED_DIR) && existsSync(stamp) && readFileSync(stamp, 'utf8') === made) return;
  rmSync(stamp, { force: true });
  rmSync(SEEDED_DIR, { recursive: true, force: true });
  const server = await startServer(SEED_PORT, SEEDED_DIR);
  await server.stop();
  writeFileSync(stamp, made);
}
