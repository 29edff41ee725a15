import { rmSync } from 'node:fs';
import { SEED_PORT, SEEDED_DIR, startServer } from './servers';

/** Seeds the demo once, into the data folder every worker's server copies (fixtures.ts). */
export default async function globalSetup() {
  rmSync(SEEDED_DIR, { recursive: true, force: true });
  const server = await startServer(SEED_PORT, SEEDED_DIR);
  await server.stop();
}
