import type { Role } from '@schooliko/common/auth';
import { DEV_DOMAIN } from '@schooliko/common/hosts';
import type { JobSet } from '@schooliko/common/permissions';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutes } from '../institutes';
import { hashPassword } from './auth.passwords';
import { memberships, users } from './auth.table';

export const DEMO_PASSWORD = 'Schooliko@123';

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  domain: string;
  roles: Role[];
  jobSets?: JobSet[];
};

/** The demo accounts README.md lists; every one active, every password DEMO_PASSWORD. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@schooliko.dev',
    firstName: 'Ananya',
    lastName: 'Iyer',
    mobile: '9876501234',
    domain: DEV_DOMAIN,
    roles: ['admin'],
  },
  {
    email: 'director@schooliko.dev',
    firstName: 'Vikram',
    lastName: 'Malhotra',
    mobile: '9822012345',
    domain: DEV_DOMAIN,
    roles: ['director'],
  },
  {
    email: 'teacher@schooliko.dev',
    firstName: 'Priya',
    lastName: 'Deshpande',
    mobile: '9765432109',
    domain: DEV_DOMAIN,
    roles: ['teacher', 'parent'],
  },
  {
    email: 'student@schooliko.dev',
    firstName: 'Arjun',
    lastName: 'Patil',
    mobile: '8806123456',
    domain: DEV_DOMAIN,
    roles: ['student'],
  },
  {
    email: 'parent@schooliko.dev',
    firstName: 'Sunita',
    lastName: 'Kulkarni',
    mobile: '9850098765',
    domain: DEV_DOMAIN,
    roles: ['parent'],
  },
  {
    // The school office's accountant: a staff member (teacher role) with the accountant's job set.
    email: 'accounts@schooliko.dev',
    firstName: 'Rahul',
    lastName: 'Joshi',
    mobile: '9890011223',
    domain: DEV_DOMAIN,
    roles: ['teacher'],
    jobSets: ['accountant'],
  },
  {
    // The front desk: a staff member (teacher role) with the receptionist's job set.
    email: 'reception@schooliko.dev',
    firstName: 'Kavita',
    lastName: 'Pillai',
    mobile: '9890044556',
    domain: DEV_DOMAIN,
    roles: ['teacher'],
    jobSets: ['receptionist'],
  },
  {
    email: 'admin@greenvalley.dev',
    firstName: 'Rohan',
    lastName: 'Mehta',
    mobile: '9811122334',
    domain: 'greenvalley.localhost',
    roles: ['admin'],
  },
];

let demoHash: Promise<string> | undefined;

/**
 * Demo people for development (DEMO_USERS); idempotent: existing people and memberships are left
 * as they are. The password is hashed once per process (it is public anyway).
 */
export async function seedDemoUsers(db: Db): Promise<void> {
  const emails = DEMO_USERS.map((u) => u.email);
  const present = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const missing = DEMO_USERS.filter((u) => !present.some((p) => p.email === u.email));
  if (missing.length) {
    demoHash ??= hashPassword(DEMO_PASSWORD);
    const passwordHash = await demoHash;
    await db
      .insert(users)
      .values(
        missing.map(({ email, firstName, lastName, mobile }) => ({
          email,
          firstName,
          lastName,
          mobile,
          passwordHash,
        })),
      )
      .onConflictDoNothing({ target: users.email });
  }

  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const places = await db
    .select({ id: institutes.id, domain: institutes.domain })
    .from(institutes)
    .where(inArray(institutes.domain, [...new Set(DEMO_USERS.map((u) => u.domain))]));
  const rows = DEMO_USERS.flatMap((demo) => {
    const userId = people.find((p) => p.email === demo.email)?.id;
    const instituteId = places.find((p) => p.domain === demo.domain)?.id;
    return userId && instituteId
      ? [{ userId, instituteId, roles: demo.roles, jobSets: demo.jobSets ?? [], status: 'active' as const }]
      : [];
  });
  if (rows.length) await db.insert(memberships).values(rows).onConflictDoNothing();
}
