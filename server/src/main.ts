import './pinned-clock';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { registrationGrants } from './modules/bdrs/bdrs.table';
import {
  analyzeEmbedded,
  PLATFORM_EXPIRING,
  schedulePurge,
} from './platform/maintenance/maintenance.service';
import { startupBanner } from './startup-banner';

const config = readConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
if (config.NODE_ENV !== 'production') await seedDemo(database.db);
await analyzeEmbedded(database);

const app = await buildApp({ database, config });
const stopPurge = schedulePurge(database, [...PLATFORM_EXPIRING, registrationGrants], (err) =>
  app.log.warn({ err }, 'hourly maintenance failed'),
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    stopPurge();
    await app.close();
    await database.close();
  } finally {
    // The log is written asynchronously (logger.ts): write out what is still buffered.
    await new Promise<void>((resolve) => (app.log as Logger).flush(() => resolve()));
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
// Outside production, one block for people beside the JSON log lines (README, "Quick start").
if (config.NODE_ENV !== 'production') process.stdout.write(`${startupBanner(config)}\n`);
