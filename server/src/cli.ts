import { newBdrSchema } from '@schooliko/common/bdrs';
import { readConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { addBdr, disableBdr, listBdrs } from './modules/bdrs/bdrs.service';
import { setOperator } from './modules/operator/operator.service';

const USAGE = `Schooliko operator commands (npm run cli -- <command>)

  operator add <email>                        make an existing user a platform operator
  operator remove <email>                     take the operator role away
  bdr add <bdr_id> <name> <email> <contact>   add (or update and re-enable) a BDR
  bdr list                                    list BDRs
  bdr disable <bdr_id>                        disable a BDR (their open registrations end)

The database is the one the server uses: DATABASE_URL, or the embedded one in DATA_DIR.`;

class UsageError extends Error {}

async function run(database: Database, args: string[]): Promise<string> {
  const db = database.db;
  const [group, command, ...rest] = args;
  if (group === 'operator' && (command === 'add' || command === 'remove') && rest.length === 1) {
    const email = rest[0] as string;
    if (!(await setOperator(db, email, command === 'add')))
      throw new UsageError(`No user with the email ${email}`);
    return command === 'add'
      ? `${email} is now a platform operator`
      : `${email} is no longer a platform operator`;
  }
  if (group === 'bdr' && command === 'add' && rest.length === 4) {
    const [bdr_id, name, email, contact] = rest;
    const parsed = newBdrSchema.safeParse({ bdr_id, name, email, contact });
    if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('\n'));
    const bdr = await addBdr(db, parsed.data);
    return `BDR ${bdr.bdrId} (${bdr.name}, ${bdr.email}) is active`;
  }
  if (group === 'bdr' && command === 'list' && rest.length === 0) {
    const rows = await listBdrs(db);
    if (!rows.length)
      return 'No BDRs yet. Add one with: npm run cli -- bdr add <bdr_id> <name> <email> <contact>';
    return rows
      .map((b) => [b.bdrId, b.active ? 'active  ' : 'disabled', b.name, b.email, b.contact].join('  '))
      .join('\n');
  }
  if (group === 'bdr' && command === 'disable' && rest.length === 1) {
    const bdrId = (rest[0] as string).toLowerCase();
    if (!(await disableBdr(db, bdrId))) throw new UsageError(`No BDR with the id ${bdrId}`);
    return `BDR ${bdrId} is disabled`;
  }
  throw new UsageError(USAGE);
}

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  console.log(USAGE);
  process.exit(0);
}

const config = readConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
let code = 0;
try {
  await migrate(database);
  console.log(await run(database, args));
} catch (error) {
  code = 1;
  console.error(error instanceof UsageError ? error.message : error);
} finally {
  await database.close();
}
process.exit(code);
