import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  BDR_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '@schooliko/common/bdrs';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError, httpError } from '../../plugins/errors';
import { otps } from './otp.table';

/** What a code proves, e.g. { purpose: 'bdr', subject: 'schooliko_0000000001' }. */
export type OtpKey = { purpose: string; subject: string };

/**
 * Codes are stored as an HMAC under a server secret (the pepper): a copy of the table alone
 * does not give the million candidates away.
 */
export type OtpContext = { pepper: string; now?: Date };

function codeHash(pepper: string, key: OtpKey, code: string): string {
  return createHmac('sha256', pepper).update(`${key.purpose}\n${key.subject}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Six random digits from the system's CSPRNG; leading zeros count. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Issues a new code for the key and returns it (for the caller to send). A subject may ask
 * again only after OTP_RESEND_SECONDS (429 with the seconds left); a new code replaces the old.
 */
export async function issueOtp(
  db: Db,
  ctx: OtpContext,
  key: OtpKey,
): Promise<{ id: string; code: string; expiresAt: Date }> {
  const now = ctx.now ?? new Date();
  const [latest] = await db
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(eq(otps.purpose, key.purpose), eq(otps.subject, key.subject)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (latest) {
    const waitMs = latest.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new HttpError(429, BDR_MESSAGES.resendWait(seconds), undefined, {
        'retry-after': String(seconds),
      });
    }
  }
  const code = newOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000);
  const [row] = await db
    .insert(otps)
    .values({ ...key, codeHash: codeHash(ctx.pepper, key, code), expiresAt, createdAt: now })
    .returning({ id: otps.id });
  if (!row) throw new Error('OTP not stored');
  // Only the newest code counts: earlier ones of this subject go.
  await db
    .delete(otps)
    .where(and(eq(otps.purpose, key.purpose), eq(otps.subject, key.subject), ne(otps.id, row.id)));
  return { id: row.id, code, expiresAt };
}

/** Takes back a code that could not be delivered, so that the cool-down does not hold. */
export async function withdrawOtp(db: Db, id: string): Promise<void> {
  await db.delete(otps).where(eq(otps.id, id));
}

/**
 * Checks a code against the subject's newest one and uses it up. Wrong codes count against
 * OTP_MAX_ATTEMPTS; expired, used and exhausted codes are refused with their own message.
 */
export async function verifyOtp(db: Db, ctx: OtpContext, key: OtpKey, code: string): Promise<void> {
  const now = ctx.now ?? new Date();
  const [otp] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.purpose, key.purpose), eq(otps.subject, key.subject)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (!otp) throw httpError(400, BDR_MESSAGES.otpMissing, { otp: BDR_MESSAGES.otpMissing });
  if (otp.usedAt) throw httpError(400, BDR_MESSAGES.otpUsed, { otp: BDR_MESSAGES.otpUsed });
  if (otp.expiresAt <= now) throw httpError(400, BDR_MESSAGES.otpExpired, { otp: BDR_MESSAGES.otpExpired });
  if (otp.attempts >= OTP_MAX_ATTEMPTS) {
    throw httpError(400, BDR_MESSAGES.otpExhausted, { otp: BDR_MESSAGES.otpExhausted });
  }

  if (sameHash(otp.codeHash, codeHash(ctx.pepper, key, code))) {
    // Conditional update: of two requests with the right code, exactly one succeeds.
    const [used] = await db
      .update(otps)
      .set({ usedAt: now })
      .where(and(eq(otps.id, otp.id), isNull(otps.usedAt), lt(otps.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ id: otps.id });
    if (!used) throw httpError(400, BDR_MESSAGES.otpUsed, { otp: BDR_MESSAGES.otpUsed });
    return;
  }

  const [counted] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(eq(otps.id, otp.id))
    .returning({ attempts: otps.attempts });
  const left = OTP_MAX_ATTEMPTS - (counted?.attempts ?? OTP_MAX_ATTEMPTS);
  if (left <= 0) throw httpError(400, BDR_MESSAGES.otpExhausted, { otp: BDR_MESSAGES.otpExhausted });
  throw httpError(400, BDR_MESSAGES.otpInvalid, { otp: BDR_MESSAGES.attemptsLeft(left) });
}
