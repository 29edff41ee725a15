import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { resolveJwtSecret } from '../../config';
import type { RateRule } from '../../plugins/rate-limit';

/** Per-address limits on asking for and checking codes, on top of each code's own 5 attempts. */
export const OTP_RATE_RULES = {
  sendIp: { name: 'otp-send-ip', max: 10, windowSeconds: 600 },
  /** Codes asked for one subject (a BDR id, known or not) from any address. */
  sendId: { name: 'otp-send-id', max: 5, windowSeconds: 3600 },
  verifyIp: { name: 'otp-verify-ip', max: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;

/** The key OTP hashes are made with, derived from the deployment's signing secret. */
export function otpPepper(app: FastifyInstance): string {
  return createHmac('sha256', resolveJwtSecret(app.config)).update('schooliko otp v1').digest('hex');
}
