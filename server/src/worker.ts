import './pinned-clock';
import { buildWorker } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { exitOnSignals } from './shutdown';

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

// Closing waits for the job in hand; one cut short runs again once its lease is over.
exitOnSignals(app.log, async () => {
  await app.close();
  await database.close();
});

await app.ready();
app.log.info('worker working the job queue');
