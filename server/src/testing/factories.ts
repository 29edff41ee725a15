import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { institutes, type NewInstitute } from '../modules/institutes/institutes.table';

export async function makeInstitute(db: Db, fields: Partial<NewInstitute> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(institutes)
    .values({
      code: `T${suffix.toUpperCase()}`,
      name: `Test Institute ${suffix}`,
      domain: `test-${suffix}.localhost`,
      logoUrl: '/images/school-logos/logo-1.png',
      slogan: 'Test slogan',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('institute not created');
  return row;
}
