import type { Db } from '../db/client';
import { provider } from './hooks';
import type { Actor } from './scope';

/** The school as the header of its prints names it (receipts, passes, report cards). */
export type School = { name: string; address: string };

declare module './hooks' {
  interface ModuleProviders {
    /** The institute's postal address on one line, for its prints' header (the profile module gives it). */
    'letterhead.address': (tx: Db, instituteId: string) => Promise<string>;
  }
}

/** The school's name and address, for the header of its prints (no address without a profile). */
export async function schoolOf(tx: Db, actor: Actor): Promise<School> {
  const address = (await provider('letterhead.address')?.(tx, actor.institute.id)) ?? '';
  return { name: actor.institute.name, address };
}
