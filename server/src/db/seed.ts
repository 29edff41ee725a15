import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { inArray } from 'drizzle-orm';
import type { DemoContext } from '../kit/module';
import { ALL_MODULES, installModules } from '../modules/routes';
import { DEMO_USERS } from '../platform/auth/auth.seed';
import { users } from '../platform/auth/auth.table';
import { GREEN_VALLEY_DOMAIN } from '../platform/institutes/institutes.seed';
import { institutes } from '../platform/institutes/institutes.table';
import type { Db } from './client';

export { DEMO_INSTITUTES } from '../platform/institutes/institutes.seed';

/**
 * Demo data for development; idempotent, so every start may run it. Never in production. Each
 * module seeds its part (`seed` in its definition), in the module list's order: the institutes,
 * the demo accounts, the BDRs, the operator, the demo group, the schools' people, then what
 * stands on them.
 */
export async function seedDemo(db: Db): Promise<void> {
  installModules();
  for (const module of ALL_MODULES) if (module.seed) await module.seed(db, await demoContext(db));
}

/** The demo institutes and accounts seeded so far, read afresh for each step. */
async function demoContext(db: Db): Promise<DemoContext> {
  const seeded = await db.select({ id: institutes.id, domain: institutes.domain }).from(institutes);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  return {
    devInstituteId: seeded.find((s) => s.domain === DEV_DOMAIN)?.id,
    greenValleyId: seeded.find((s) => s.domain === GREEN_VALLEY_DOMAIN)?.id,
    emails: new Map(people.map((p) => [p.email, p.id])),
  };
}
