import './pinned-clock';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { registrationGrants } from './modules/bdrs/bdrs.table';
import { ALL_MODULES } from './modules/routes';
import {
  PLATFORM_EXPIRING,
  renewStatistics,
  schedulePurge,
} from './platform/maintenance/maintenance.service';
import { exitOnSignals } from './shutdown';
import { startupBanner } from './startup-banner';

const config = readConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
if (config.NODE_ENV !== 'production') await seedDemo(database.db);
await renewStatistics(database);

const app = await buildApp({ database, config });
const stopPurge = schedulePurge(
  database,
  [...PLATFORM_EXPIRING, registrationGrants],
  (err) => app.log.warn({ err }, 'hourly maintenance failed'),
  ALL_MODULES.flatMap((m) => (m.hourly ? [m.hourly] : [])),
);

exitOnSignals(app.log, async () => {
  stopPurge();
  await app.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
// Outside production, one block for people beside the JSON log lines (README, "Quick start").
if (config.NODE_ENV !== 'production') process.stdout.write(`${startupBanner(config)}\n`);
