import './pinned-clock';
import type { Logger } from 'pino';
import { buildWorker } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';

// `npm run worker`: works the job queue (every module's jobs) without serving HTTP. Start as many
// as the queue needs beside the web instances: they share it on one PostgreSQL database, each job
// claimed by one of them under a lease (platform/jobs/jobs.service.ts). The embedded database
// belongs to the one process that opened it, so a worker needs DATABASE_URL.
const config = readConfig();
if (!config.DATABASE_URL) {
  process.stderr.write(
    'npm run worker needs DATABASE_URL: the embedded database is the web server’s alone\n',
  );
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
// As main.ts: the schema is brought up to date before any job runs (never the demo seed).
await migrate(database);

const app = await buildWorker({ database, config });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    // Waits for the job in hand to finish; one cut short is run again once its lease is over.
    await app.close();
    await database.close();
  } finally {
    await new Promise<void>((resolve) => (app.log as Logger).flush(() => resolve()));
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.ready();
app.log.info('worker working the job queue');
