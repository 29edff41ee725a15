import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type AuthUser,
  ROLES,
  type Role,
  type SessionData,
  type SignInInput,
  type SignUpInput,
} from '@schooliko/common/auth';
import type { Message } from '@schooliko/common/messages';
import type { JobSet } from '@schooliko/common/permissions';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { httpError } from '../../plugins/errors';
import { type Institute, institutes } from '../institutes';
import type { NotificationPublisher } from '../notifications/notifications.service';
import type { Notification } from '../notifications/notifications.table';
import {
  activeAdminIds,
  type MembershipRequest,
  membershipStatus,
  notifyMembershipRequests,
  pendingRequests,
} from './auth.membership';
import { hashPassword, verifyPassword } from './auth.passwords';
import { revokeFamily, type SessionDeps, startSession } from './auth.sessions';
import { memberships, type User, users } from './auth.table';
import { toAuthUser } from './auth.user';

export type AuthDeps = SessionDeps & { hub: NotificationPublisher };

export type SignUpResult = { user: AuthUser; status: 'active' | 'pending' };

/**
 * Spec 7.1 sign-up at the host's institute. A new email makes a person; a known email with its
 * password adds the asked-for role to that person's membership here. Admin and director are active
 * at once only while the institute has no active admin; otherwise every role waits for an admin.
 */
export async function signUp(
  deps: AuthDeps,
  institute: Institute,
  input: SignUpInput,
  /** Told when the email is known and the password is not its own (the owner gets a mail). */
  onKnownEmail: (user: User) => Promise<void>,
): Promise<SignUpResult> {
  const { db } = deps;
  const asked: Role[] = [...new Set([input.role, ...(input.roles ?? [])])];
  const [existing] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  let passwordHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      await onKnownEmail(existing);
      return asIfNew(db, institute, input, asked);
    }
  } else {
    passwordHash = await hashPassword(input.password);
  }

  // Notifications go out once the sign-up has committed.
  const announced: Notification[] = [];
  const hub: NotificationPublisher = { publish: (n) => announced.push(n) };
  const outcome = await db.transaction(async (tx) => {
    // One sign-up at a time per institute, so that only one person can be its first admin.
    await tx
      .select({ id: institutes.id })
      .from(institutes)
      .where(eq(institutes.id, institute.id))
      .for('update');
    const user = existing ?? (await insertUser(tx, input, passwordHash ?? ''));
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.instituteId, institute.id), eq(memberships.userId, user.id)))
      .for('update');
    const roles = [...(membership?.roles ?? [])];
    const requested = [...(membership?.requestedRoles ?? [])];
    if (asked.every((role) => roles.includes(role))) throw httpError(409, AUTH_MESSAGES.alreadyMember);

    // With nobody to approve, the founding admin and director are active at once (a new
    // institute or chain); once an admin is active, both need that admin's approval, unless
    // the person asking is already one of the institute's active admins.
    const hasAdmin = (await activeAdminIds(tx, institute.id)).length > 0;
    const isActiveAdmin = membership?.status === 'active' && roles.includes('admin');
    const becameFirstAdmin = !hasAdmin && asked.includes('admin');
    const newlyPending: Role[] = [];
    for (const role of asked) {
      if (roles.includes(role) || requested.includes(role)) continue;
      if (grantedAtOnce(role, hasAdmin, isActiveAdmin)) {
        roles.push(role);
      } else {
        requested.push(role);
        newlyPending.push(role);
      }
    }
    const values = { roles, requestedRoles: requested, status: membershipStatus(roles, requested) };
    if (membership) {
      await tx
        .update(memberships)
        .set(values)
        .where(and(eq(memberships.instituteId, institute.id), eq(memberships.userId, user.id)));
    } else {
      await tx.insert(memberships).values({ instituteId: institute.id, userId: user.id, ...values });
    }

    const requests: MembershipRequest[] = newlyPending.map((role) => ({
      instituteId: institute.id,
      user,
      role,
    }));
    // The first admin inherits every request that waited for somebody to approve it.
    if (becameFirstAdmin) {
      const waiting = await pendingRequests(tx, institute.id);
      const others = waiting.filter((r) => r.user.id !== user.id);
      if (others.length) await notifyMembershipRequests(tx, hub, others, [user.id]);
    }
    if (requests.length) await notifyMembershipRequests(tx, hub, requests);
    return { user, roles };
  });
  for (const n of announced) deps.hub.publish(n);
  // A member who asked for one more role may have been given it at once.
  await deps.invalidate({ kind: 'membership', instituteId: institute.id, userId: outcome.user.id });

  const status = outcome.roles.includes(input.role) ? 'active' : 'pending';
  return { user: toAuthUser(outcome.user, institute, input.role, outcome.roles), status };
}

/** Admin and director are active at once while nobody can approve them, or for an active admin. */
function grantedAtOnce(role: Role, hasAdmin: boolean, isActiveAdmin: boolean): boolean {
  return (!hasAdmin || isActiveAdmin) && (role === 'admin' || role === 'director');
}

/**
 * The answer a new person would get, for a known email whose password was not given: a sign-up
 * must not tell anyone which emails have accounts. Nothing is stored; the owner is mailed instead.
 */
async function asIfNew(
  db: Db,
  institute: Institute,
  input: SignUpInput,
  asked: Role[],
): Promise<SignUpResult> {
  const hasAdmin = (await activeAdminIds(db, institute.id)).length > 0;
  const roles = asked.filter((role) => grantedAtOnce(role, hasAdmin, false));
  const user = {
    id: randomUUID(),
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    mobile: input.mobile,
    photoUrl: '',
    isOperator: false,
  };
  const status = roles.includes(input.role) ? 'active' : 'pending';
  return { user: toAuthUser(user, institute, input.role, roles), status };
}

async function insertUser(db: Db, input: SignUpInput, passwordHash: string): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      mobile: input.mobile,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  // Somebody signed up with this email a moment ago.
  if (!user) throw httpError(409, AUTH_MESSAGES.emailTaken);
  return user;
}

type MembershipView = { roles: Role[]; requestedRoles: Role[]; status: string };

/**
 * The role a person whose password is right signs in as: the one they picked, or else the first
 * active role they hold here (told by `signedInOtherRole`, only to them, with their session). A
 * role waiting for approval or a declined request keeps its own message (DESIGN.md section 5); a
 * person with no role here gets the wrong-password answer, so the password is not confirmed.
 */
function roleToSignIn(
  membership: MembershipView | undefined,
  picked: Role | undefined,
): { role: Role } | { status: 401 | 403; message: Message } {
  const held = membership?.status === 'active' ? membership.roles : [];
  if (picked && held.includes(picked)) return { role: picked };
  const waiting = picked ?? (held.length ? undefined : membership?.requestedRoles[0]);
  if (waiting && membership?.requestedRoles.includes(waiting))
    return { status: 403, message: AUTH_MESSAGES.pendingApproval };
  if (membership?.status === 'rejected') return { status: 403, message: AUTH_MESSAGES.rejected };
  const other = ROLES.find((role) => held.includes(role));
  return other ? { role: other } : { status: 401, message: AUTH_MESSAGES.badCredentials };
}

/**
 * Spec 7.1 sign-in. An unknown email and a wrong password get the same answer after the same
 * work (a verify against a dummy hash), and so does a right password of a person who holds no
 * role here. `passwordChecked` tells the caller the person proved who they are (the rate limiter
 * gives those attempts back).
 */
export async function signIn(
  deps: SessionDeps,
  institute: Institute,
  input: SignInInput,
  passwordChecked: () => Promise<void> = async () => {},
): Promise<SessionData> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user)
    throw httpError(401, AUTH_MESSAGES.badCredentials);
  return openSession(deps, institute, user, input.role, passwordChecked);
}

/**
 * The session of a person who proved who they are (a password, a Google account), as `picked`
 * (none: the first role they hold here). A role waiting for approval or a declined request keeps
 * its own message; a person with no role here gets the wrong-password answer before `proven` is
 * told, so that the limiter counts it like any wrong password.
 */
export async function openSession(
  deps: SessionDeps,
  institute: Institute,
  user: User,
  picked: Role | undefined,
  proven: () => Promise<void> = async () => {},
): Promise<SessionData> {
  const [membership] = await deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.instituteId, institute.id), eq(memberships.userId, user.id)))
    .limit(1);
  const outcome = roleToSignIn(membership, picked);
  if (!('role' in outcome) && outcome.status === 401) throw httpError(401, outcome.message);
  await proven();
  if (!('role' in outcome)) throw httpError(outcome.status, outcome.message);
  const { role } = outcome;

  const tokens = await startSession(deps, user, institute, role);
  return {
    tokens,
    role,
    user: toAuthUser(user, institute, role, membership?.roles ?? [], membership?.jobSets),
  };
}

/** The signed-in user as /me answers it. */
export async function currentUser(
  db: Db,
  institute: Institute,
  userId: string,
  role: Role,
  roles: Role[],
  jobSets: JobSet[],
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw httpError(401, AUTH_MESSAGES.sessionExpired);
  return toAuthUser(user, institute, role, roles, jobSets);
}

/** Switch Role: a new session for another role this membership holds; the old one ends. */
export async function switchRole(
  deps: SessionDeps,
  ctx: { institute: Institute; userId: string; roles: Role[]; jobSets: JobSet[]; familyId: string },
  role: Role,
): Promise<SessionData> {
  if (!ctx.roles.includes(role)) throw httpError(403, AUTH_MESSAGES.roleNotHeld);
  const [user] = await deps.db.select().from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!user) throw httpError(401, AUTH_MESSAGES.sessionExpired);
  await revokeFamily(deps, ctx.familyId);
  const tokens = await startSession(deps, user, ctx.institute, role);
  return { tokens, role, user: toAuthUser(user, ctx.institute, role, ctx.roles, ctx.jobSets) };
}
