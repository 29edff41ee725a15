import type { Db } from '../../db/client';
import { bdrs } from './bdrs.table';

export const DEMO_BDR = {
  bdrId: 'schooliko_0000000001',
  name: 'Asha Verma',
  email: 'bdr@schooliko.dev',
  contact: '9876500001',
} as const;

/** The demo BDR, whose codes land in the development outbox. Idempotent. */
export async function seedBdrs(db: Db): Promise<void> {
  await db.insert(bdrs).values(DEMO_BDR).onConflictDoNothing({ target: bdrs.bdrId });
}
