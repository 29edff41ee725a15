// tsx bench/enquiries-data.ts <count> --data-dir DIR: migrates and seeds as a development start
// does, then brings the development institute's admission enquiries to <count> (one INSERT …
// SELECT generate_series; sources and states spread as a desk's would be). Prints JSON.
import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemo } from '../server/src/db/seed';
import { admissionEnquiries } from '../server/src/modules/admissions/admissions.table';
import { institutes } from '../server/src/platform/institutes/institutes.table';

const [target, flag, dataDir] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
if (!target || flag !== '--data-dir' || !dataDir)
  throw new Error('usage: enquiries-data.ts <count> --data-dir DIR');
const started = Date.now();
const database = await openDatabase({ dataDir });
try {
  await migrate(database);
  await seedDemo(database.db);
  const db = database.db;
  const [institute] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.domain, DEV_DOMAIN));
  if (!institute) throw new Error('no development institute');
  const [have] = await db
    .select({ n: count() })
    .from(admissionEnquiries)
    .where(eq(admissionEnquiries.instituteId, institute.id));
  const add = Math.max(0, target - (have?.n ?? 0));
  await db.execute(sql`
    insert into admission_enquiries
      (institute_id, source, student_name, class_sought, parent_name, phone, status, created_at)
    select ${institute.id}::uuid,
           (array['website','walk_in','phone','referral','social'])[1 + i % 5],
           'Child ' || i, 'Class ' || (1 + i % 12), 'Parent ' || i,
           '98' || lpad((i % 100000000)::text, 8, '0'),
           (array['new','contacted','visit_scheduled','applied','admitted','lost','closed'])[1 + i % 7],
           now() - (i || ' minutes')::interval
      from generate_series(1, ${add}) as i`);
  console.log(
    JSON.stringify({ enquiries: (have?.n ?? 0) + add, added: add, seconds: (Date.now() - started) / 1000 }),
  );
} finally {
  await database.close();
}
