import {
  BDR_MESSAGES,
  type BdrFetchData,
  type NewBdrInput,
  OTP_TTL_MINUTES,
  REGISTRATION_GRANT_MINUTES,
  type VerifyOtpData,
} from '@schooliko/common/bdrs';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../platform/mail/mail.service';
import { issueOtp, type OtpContext, verifyOtp, withdrawOtp } from '../../platform/otp/otp.service';
import { httpError } from '../../plugins/errors';
import { hashToken, newOpaqueToken } from '../../plugins/tokens';
import { type Bdr, bdrs, registrationGrants } from './bdrs.table';

export const BDR_OTP_PURPOSE = 'bdr';

export async function findActiveBdr(db: Db, bdrId: string): Promise<Bdr | null> {
  const [bdr] = await db
    .select()
    .from(bdrs)
    .where(and(eq(bdrs.bdrId, bdrId), eq(bdrs.active, true)))
    .limit(1);
  return bdr ?? null;
}

export type SendOtpContext = OtpContext & {
  send: (message: MailMessage) => Promise<void>;
  /** Keeps the mail, which goes after the answer, running (app.afterAnswer). */
  later: (work: Promise<unknown>) => void;
  devMailViewer: boolean;
  /** Told of a mail that could not be sent (its code is withdrawn, so the BDR may ask again). */
  onSendError: (error: unknown) => void;
};

function otpMail(bdr: Bdr, code: string): MailMessage {
  const text = [
    `Hello ${bdr.name},`,
    '',
    `Your Schooliko verification code is ${code}.`,
    '',
    `Enter it on the Domain Registration page to continue. It is valid for ${OTP_TTL_MINUTES} minutes and can be used once.`,
    'If you did not ask for it, you can ignore this mail; nobody can register a domain without the code.',
  ].join('\n');
  return { to: bdr.email, subject: `Your Schooliko verification code: ${code}`, text };
}

/**
 * Spec 4.11 step 1: a real one-time code is mailed to the BDR. Every well-formed id gets the same
 * answer after the same work, known or not (a code is issued, with its cool-down, and never mailed
 * for an unknown or disabled id), so the lookup does not tell which ids exist; the BDR's name comes
 * with the verified code. The mail goes after the answer, which does not wait for it.
 */
export async function sendBdrOtp(db: Db, ctx: SendOtpContext, bdrId: string): Promise<BdrFetchData> {
  const bdr = await findActiveBdr(db, bdrId);
  const otp = await issueOtp(db, ctx, { purpose: BDR_OTP_PURPOSE, subject: bdrId });
  if (bdr) {
    ctx.later(
      ctx.send(otpMail(bdr, otp.code)).catch(async (error: unknown) => {
        ctx.onSendError(error);
        await withdrawOtp(db, otp.id).catch(ctx.onSendError);
      }),
    );
  }
  return { bdr_id: bdrId, dev_mail_viewer: ctx.devMailViewer };
}

/**
 * Step 2: the code is checked; the answer is a 30-minute grant to register one domain. An unknown
 * id meets the same checks as a known one (its code was never mailed, so no code is right).
 */
export async function verifyBdrOtp(
  db: Db,
  ctx: OtpContext,
  input: { bdr_id: string; otp: string },
): Promise<VerifyOtpData> {
  const bdr = await findActiveBdr(db, input.bdr_id);
  await verifyOtp(db, ctx, { purpose: BDR_OTP_PURPOSE, subject: input.bdr_id }, input.otp);
  if (!bdr) throw httpError(400, BDR_MESSAGES.otpInvalid, { otp: BDR_MESSAGES.otpInvalid });
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date((ctx.now ?? new Date()).getTime() + REGISTRATION_GRANT_MINUTES * 60_000);
  await db.insert(registrationGrants).values({ tokenHash: hash, bdrId: bdr.bdrId, expiresAt });
  return {
    bdr_id: bdr.bdrId,
    bdr_name: bdr.name,
    registration_token: token,
    expires_at: expiresAt.toISOString(),
  };
}

/** The BDR a grant is for, while it is unused, unexpired and the BDR still active; else null. */
export async function findValidGrant(db: Db, token: string): Promise<{ bdrId: string } | null> {
  if (!token || token.length > 200) return null;
  const [grant] = await db
    .select({ bdrId: registrationGrants.bdrId })
    .from(registrationGrants)
    .innerJoin(bdrs, eq(bdrs.bdrId, registrationGrants.bdrId))
    .where(
      and(
        eq(registrationGrants.tokenHash, hashToken(token)),
        isNull(registrationGrants.usedAt),
        gt(registrationGrants.expiresAt, new Date()),
        eq(bdrs.active, true),
      ),
    )
    .limit(1);
  return grant ?? null;
}

/**
 * Uses a grant up for the given BDR, atomically (run it in the registration's transaction, so a
 * failed registration gives it back). False when it is missing, used, expired or someone else's.
 */
export async function consumeGrant(db: Db, token: string | undefined, bdrId: string): Promise<boolean> {
  if (!token) return false;
  const grant = await findValidGrant(db, token);
  if (!grant || grant.bdrId !== bdrId) return false;
  const [used] = await db
    .update(registrationGrants)
    .set({ usedAt: new Date() })
    .where(and(eq(registrationGrants.tokenHash, hashToken(token)), isNull(registrationGrants.usedAt)))
    .returning({ bdrId: registrationGrants.bdrId });
  return Boolean(used);
}

// Operator commands (npm run cli -- bdr ...)

export async function addBdr(db: Db, input: NewBdrInput): Promise<Bdr> {
  const [row] = await db
    .insert(bdrs)
    .values({ bdrId: input.bdr_id, name: input.name, email: input.email, contact: input.contact })
    .onConflictDoUpdate({
      target: bdrs.bdrId,
      set: { name: input.name, email: input.email, contact: input.contact, active: true },
    })
    .returning();
  if (!row) throw new Error('BDR not stored');
  return row;
}

export async function listBdrs(db: Db): Promise<Bdr[]> {
  return db.select().from(bdrs).orderBy(asc(bdrs.bdrId));
}

export async function disableBdr(db: Db, bdrId: string): Promise<boolean> {
  const rows = await db
    .update(bdrs)
    .set({ active: false })
    .where(eq(bdrs.bdrId, bdrId))
    .returning({ id: bdrs.id });
  if (rows.length) {
    // Outstanding grants die with the BDR's access.
    await db
      .update(registrationGrants)
      .set({ usedAt: new Date() })
      .where(eq(registrationGrants.bdrId, bdrId));
  }
  return rows.length > 0;
}
