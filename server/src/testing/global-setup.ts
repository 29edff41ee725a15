import { randomBytes } from 'node:crypto';
import { onServer } from './pg-admin';

/**
 * The API suite's run: a name its PostgreSQL databases carry, so that the run drops the ones its
 * workers kept (a worker keeps one database from file to file and ends without dropping it).
 */
export default function setup() {
  const run = randomBytes(4).toString('hex');
  process.env.SCHOOLIKO_TEST_RUN = run;
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !base) return;
    await onServer(base, async (admin) => {
      const left = await admin.query('select datname from pg_database where datname like $1', [
        `schooliko\\_test\\_${run}\\_%`,
      ]);
      for (const { datname } of left.rows as { datname: string }[])
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  };
}
