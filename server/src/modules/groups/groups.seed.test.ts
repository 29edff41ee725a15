import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_INSTITUTES } from '../../db/seed';
import { users } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';
import { useSeededDemo, useTestApp } from '../../testing/test-app';
import { DEMO_DIRECTOR_EMAIL, seedDemoGroups } from './groups.seed';
import { groupDirectors, groups } from './groups.table';

describe('the demo seed, run twice', () => {
  const demo = useSeededDemo();
  const db = () => demo.database.db;

  it("makes the demo director's school chain holding the development institute, once", async () => {
    const rows = await db().select().from(groups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Schooliko Demo Schools',
      type: 'school_chain',
      code: 'GRP-DEMO01',
    });
    const [director] = await db().select().from(users).where(eq(users.email, DEMO_DIRECTOR_EMAIL));
    const links = await db().select().from(groupDirectors);
    expect(links).toEqual([
      expect.objectContaining({ userId: director?.id, isPrimary: true, groupId: rows[0]?.id }),
    ]);
    const [dev] = await db().select().from(institutes).where(eq(institutes.domain, DEV_DOMAIN));
    expect(dev?.groupId).toBe(rows[0]?.id);
  });
});

describe('demo group seed', () => {
  const t = useTestApp();
  const db = () => t.database.db;

  it('does nothing without the demo director', async () => {
    await db().insert(institutes).values(DEMO_INSTITUTES);
    await seedDemoGroups(db());
    expect(await db().select().from(groups)).toHaveLength(0);
  });
});
