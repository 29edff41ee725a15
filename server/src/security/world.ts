import { randomBytes } from 'node:crypto';
import { ROLES, type Role } from '@schooliko/common/auth';
import { bdrs, registrationGrants } from '../modules/bdrs/bdrs.table';
import type { Institute } from '../platform/institutes/institutes.table';
import { hashToken } from '../plugins/tokens';
import { makeInstitute, makeUser, tokenFor } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { type Caller, OPERATOR_ROLE } from './access-table';

type User = Awaited<ReturnType<typeof makeUser>>;

/** One institute with a member in every role, a pending member and an operator. */
export type Party = {
  label: string;
  institute: Institute;
  members: Record<Role, User>;
  pending: User;
  operator: User;
  /** Marker written into this party's private records, to be found if they leak. */
  secret: string;
  /** Branding anybody may see: name, code, domain. */
  publicStrings: string[];
  /** Nobody outside the institute may see these: member emails and names, the marker. */
  privateStrings: string[];
};

export type World = { t: TestApp; a: Party; b: Party; bdrId: string };

async function makeParty(t: TestApp, label: string, name: string): Promise<Party> {
  const tag = randomBytes(4).toString('hex');
  const db = t.database.db;
  const institute = await makeInstitute(db, {
    name: `${name} ${tag}`,
    code: `${label}${tag.toUpperCase()}`,
    domain: `${name.toLowerCase().replace(/\W+/g, '')}-${tag}.localhost`,
    slogan: `${name} slogan ${tag}`,
  });
  const person = (role: string, status: 'active' | 'pending', roles: Role[], isOperator = false) =>
    makeUser(db, {
      institute,
      roles,
      status,
      isOperator,
      email: `${label.toLowerCase()}-${role}-${tag}@${label.toLowerCase()}-mail.example.com`,
      firstName: `${label}${role}`,
      lastName: `Surname${label}${role}${tag}`,
    });
  const members = {} as Record<Role, User>;
  for (const role of ROLES) members[role] = await person(role, 'active', [role]);
  const pending = await person('pending', 'pending', ['teacher']);
  const operator = await person('operator', 'active', [OPERATOR_ROLE], true);
  const everyone = [...Object.values(members), pending, operator];
  const secret = `SECRET${label}${tag}`;
  return {
    label,
    institute,
    members,
    pending,
    operator,
    secret,
    publicStrings: [institute.name, institute.code, institute.domain],
    privateStrings: [secret, ...everyone.flatMap((u) => [u.email, u.lastName])],
  };
}

/** Two institutes, A (the caller's) and B (the target), each with every kind of member. */
export async function makeWorld(t: TestApp): Promise<World> {
  const a = await makeParty(t, 'A', 'Acacia Academy');
  const b = await makeParty(t, 'B', 'Bluebell Secret School');
  const bdrId = `schooliko_${String(Date.now()).slice(-10)}`;
  await t.database.db
    .insert(bdrs)
    .values({ bdrId, name: 'Security Suite BDR', email: `bdr-${bdrId}@example.com`, contact: '9876500099' })
    .onConflictDoNothing();
  return { t, a, b, bdrId };
}

/** A fresh registration token of the world's BDR (what /api/bdrs/verify-otp hands out). */
export async function grantToken(world: World): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await world.t.database.db.insert(registrationGrants).values({
    tokenHash: hashToken(token),
    bdrId: world.bdrId,
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  return token;
}

/** The user a caller signs in as (none for anonymous and grant). */
export function callerUser(party: Party, caller: Caller): User | undefined {
  if (caller === 'pending') return party.pending;
  if (caller === 'operator') return party.operator;
  if (caller === 'anonymous' || caller === 'grant') return undefined;
  return party.members[caller];
}

/**
 * Headers for a caller of `party` talking to `host`'s institute. Every call gets a new session,
 * so a route that ends sessions (sign-out, reset) cannot spoil the next call.
 */
export async function callerHeaders(
  world: World,
  party: Party,
  caller: Caller,
  host: Party = party,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = { host: host.institute.domain };
  if (caller === 'grant') headers['x-registration-token'] = await grantToken(world);
  const user = callerUser(party, caller);
  if (user) {
    const role = caller === 'pending' ? 'teacher' : caller === 'operator' ? OPERATOR_ROLE : (caller as Role);
    headers.authorization = `Bearer ${await tokenFor(world.t.app, user, party.institute, role)}`;
  }
  return headers;
}

/** Which of the given strings occur in a body (case-insensitive). */
export function leaks(text: string, strings: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return strings.filter((s) => s && lower.includes(s.toLowerCase()));
}
