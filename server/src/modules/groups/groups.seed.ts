import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../platform/auth';
import { institutes } from '../../platform/institutes';
import { groupDirectors, groups } from './groups.table';

export const DEMO_DIRECTOR_EMAIL = 'director@schooliko.dev';
export const DEMO_GROUP_CODE = 'GRP-DEMO01';

/**
 * The demo group: 'Schooliko Demo Schools', a school chain led by the demo director and holding
 * the development institute. Idempotent; runs after the demo people are seeded and does nothing
 * when the director or the institute is not there.
 */
export async function seedDemoGroups(db: Db): Promise<void> {
  const [director] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_DIRECTOR_EMAIL))
    .limit(1);
  const [institute] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.domain, DEV_DOMAIN))
    .limit(1);
  if (!director || !institute) return;

  await db
    .insert(groups)
    .values({
      code: DEMO_GROUP_CODE,
      name: 'Schooliko Demo Schools',
      type: 'school_chain',
      description: 'A demonstration chain of schools run on Schooliko.',
      website: 'https://schooliko.dev',
      email: 'office@schooliko.dev',
      phone: '+91 20 4000 1234',
      street: '12 FC Road, Shivajinagar',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411005',
      country: 'India',
      establishmentYear: 2015,
      tags: ['Education', 'CBSE', 'Co-ed', 'English Medium'],
      createdBy: director.id,
    })
    .onConflictDoNothing({ target: groups.code });
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.code, DEMO_GROUP_CODE))
    .limit(1);
  if (!group) return;
  await db
    .insert(groupDirectors)
    .values({ groupId: group.id, userId: director.id, instituteId: institute.id, isPrimary: true })
    .onConflictDoNothing();
  await db
    .update(institutes)
    .set({ groupId: group.id })
    .where(and(eq(institutes.id, institute.id), isNull(institutes.groupId)));
}
