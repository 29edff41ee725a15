import {
  INVITATION_MESSAGES,
  INVITE_DAYS,
  INVITE_ROLE,
  type InvitationResult,
  type InviteInput,
  type InviteKind,
} from '@schooliko/common/people/invitations';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { type AuditEntity, recordChange } from '../../platform/audit/audit.service';
import { memberships, passwordResets, users } from '../../platform/auth';
import { canonicalOrigin } from '../../platform/institutes/institutes.service';
import { queueMail } from '../../platform/mail/mail.service';
import { newOpaqueToken } from '../../plugins/tokens';
import { guardians } from '../guardians';
import { staff } from '../staff';
import { students } from '../students';

/** A record that may be invited, whatever its kind. */
type Invitee = {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  userId: string | null;
  current: boolean;
};

/** Each kind of record: how to read its invitees and how to tie one to its new account. */
const SOURCES: Record<
  InviteKind,
  {
    entity: AuditEntity;
    load: (tx: Db, instituteId: string, ids: string[]) => Promise<Invitee[]>;
    link: (tx: Db, instituteId: string, id: string, userId: string) => Promise<unknown>;
  }
> = {
  staff: {
    entity: 'staff',
    load: async (tx, instituteId, ids) =>
      (
        await tx
          .select()
          .from(staff)
          .where(and(eq(staff.instituteId, instituteId), inArray(staff.id, ids)))
      ).map((r) => ({
        ...r,
        name: `${r.firstName} ${r.lastName}`.trim(),
        current: r.status === 'active',
      })),
    link: (tx, instituteId, id, userId) =>
      tx
        .update(staff)
        .set({ userId })
        .where(and(eq(staff.instituteId, instituteId), eq(staff.id, id))),
  },
  guardians: {
    entity: 'guardian',
    load: async (tx, instituteId, ids) =>
      (
        await tx
          .select()
          .from(guardians)
          .where(and(eq(guardians.instituteId, instituteId), inArray(guardians.id, ids)))
      ).map((r) => {
        const [firstName = r.name, ...rest] = r.name.split(' ');
        return { ...r, firstName, lastName: rest.join(' '), current: true };
      }),
    link: (tx, instituteId, id, userId) =>
      tx
        .update(guardians)
        .set({ userId })
        .where(and(eq(guardians.instituteId, instituteId), eq(guardians.id, id))),
  },
  students: {
    entity: 'student',
    load: async (tx, instituteId, ids) =>
      (
        await tx
          .select()
          .from(students)
          .where(and(eq(students.instituteId, instituteId), inArray(students.id, ids)))
      ).map((r) => ({
        ...r,
        name: fullName(r),
        email: '',
        phone: '',
        current: ON_ROLLS.includes(r.status),
      })),
    link: (tx, instituteId, id, userId) =>
      tx
        .update(students)
        .set({ userId })
        .where(and(eq(students.instituteId, instituteId), eq(students.id, id))),
  },
};

/**
 * Invites records to sign in (issue 12 B.3). For each one: an account for its email (or the
 * existing one of that email), an active membership in the record's role, the record tied to
 * it (audited), and a mail through the queue: a set-password link for a new account, a note
 * that it can now sign in here for an existing one. Records already tied to an account, no
 * longer current, or without an email are skipped with the reason. One transaction: the mails
 * go only if the whole batch is written. Answers who was invited and the members whose
 * memberships changed (their cached sessions must hear it after the commit).
 */
export async function invitePeople(
  tx: Db,
  actor: Actor,
  kind: InviteKind,
  input: InviteInput,
  publicUrl: string,
): Promise<InvitationResult & { members: string[] }> {
  const source = SOURCES[kind];
  const instituteId = actor.institute.id;
  const found = new Map((await source.load(tx, instituteId, input.ids)).map((r) => [r.id, r]));
  const result: InvitationResult & { members: string[] } = { invited: [], skipped: [], members: [] };
  // By key, not by text: the same English may belong to another catalogue too.
  const skip = (id: string, name: string, key: keyof typeof INVITATION_MESSAGES) =>
    result.skipped.push({
      id,
      name,
      message: INVITATION_MESSAGES[key].text,
      code: INVITATION_MESSAGES[key].code,
    });

  for (const id of input.ids) {
    const row = found.get(id);
    if (!row) {
      skip(id, '', 'notFound');
      continue;
    }
    const email = (input.email || row.email).toLowerCase();
    if (row.userId) skip(id, row.name, 'alreadyInvited');
    else if (!row.current) skip(id, row.name, 'notCurrent');
    else if (!email) skip(id, row.name, 'noEmail');
    else {
      const user = await accountFor(tx, { ...row, email });
      const role = INVITE_ROLE[kind];
      const [member] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.instituteId, instituteId), eq(memberships.userId, user.id)));
      if (!member) {
        await tx
          .insert(memberships)
          .values({ instituteId, userId: user.id, roles: [role], status: 'active' });
      } else if (!member.roles.includes(role) || member.status !== 'active') {
        await tx
          .update(memberships)
          .set({
            roles: member.status === 'active' ? [...new Set([...member.roles, role])] : [role],
            requestedRoles: member.requestedRoles.filter((r) => r !== role),
            status: 'active',
          })
          .where(and(eq(memberships.instituteId, instituteId), eq(memberships.userId, user.id)));
        result.members.push(user.id);
      }
      await source.link(tx, instituteId, id, user.id);
      await recordChange(tx, actor, {
        entity: source.entity,
        entityId: id,
        action: 'invite',
        before: { user_id: null },
        after: { user_id: user.id, email },
      });
      await mailInvitation(
        tx,
        actor,
        { to: email, firstName: row.firstName, userId: user.id, role },
        {
          needsPassword: !user.passwordHash,
          origin: canonicalOrigin(actor.institute, publicUrl),
        },
      );
      result.invited.push({ id, name: row.name, email });
    }
  }
  return result;
}

/** The account of this email, made (with no password yet) if there is none. */
async function accountFor(tx: Db, row: Invitee & { email: string }) {
  const [existing] = await tx.select().from(users).where(eq(users.email, row.email)).limit(1);
  if (existing) return existing;
  const [made] = await tx
    .insert(users)
    .values({
      email: row.email,
      passwordHash: '',
      firstName: row.firstName || row.name,
      lastName: row.lastName,
      mobile: row.phone,
    })
    .returning();
  if (!made) throw new Error('account not made');
  return made;
}

const ROLE_WORDS = { teacher: 'a member of staff', parent: 'a parent', student: 'a student' } as const;

async function mailInvitation(
  tx: Db,
  actor: Actor,
  to: { to: string; firstName: string; userId: string; role: keyof typeof ROLE_WORDS },
  how: { needsPassword: boolean; origin: string },
) {
  const institute = actor.institute;
  const lines = [
    `Hello ${to.firstName},`,
    '',
    `${institute.name} invites you to Schooliko as ${ROLE_WORDS[to.role]}.`,
  ];
  if (how.needsPassword) {
    const { token, hash } = newOpaqueToken();
    await tx.insert(passwordResets).values({
      instituteId: institute.id,
      tokenHash: hash,
      userId: to.userId,
      expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
    });
    lines.push(
      `Open this link within ${INVITE_DAYS} days to choose your password:`,
      '',
      `${how.origin}/reset-password?token=${encodeURIComponent(token)}`,
      '',
      `Then sign in at ${how.origin}/signin with this email address.`,
    );
  } else {
    lines.push(
      'You already have a Schooliko account: sign in with it here, choosing this role:',
      '',
      `${how.origin}/signin`,
    );
  }
  await queueMail(tx, institute.id, {
    to: to.to,
    subject: `Your ${institute.name} sign-in`,
    text: lines.join('\n'),
  });
}
