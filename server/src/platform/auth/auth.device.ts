import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * that signed in to an account before carries an HMAC-signed { email, institute, nonce }. Its
 * failed sign-ins to that account count under its own limit (per nonce), so strangers who lock
 * the account out by failing on purpose do not lock its owner out. Anything that does not verify
 * (forged, tampered, another account's) is an unknown device.
 */
export const DEVICE_COOKIE = 'sk_device';
export const DEVICE_COOKIE_DAYS = 365;

export type Device = { email: string; instituteId: string; nonce: string };

/** The key device cookies are signed with, derived from the deployment's signing secret. */
export function deviceKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('schooliko device cookie v1').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new cookie value for this account at this institute. */
export function issueDevice(key: Buffer, email: string, instituteId: string): string {
  const claim = { e: email, i: instituteId, n: randomBytes(16).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The device a cookie proves for this account at this institute, or null. */
export function trustedDevice(
  key: Buffer,
  value: string | undefined,
  email: string,
  instituteId: string,
): Device | null {
  const [payload, signature, extra] = (value ?? '').split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (claim.e !== email || claim.i !== instituteId || typeof claim.n !== 'string') return null;
    return { email, instituteId, nonce: claim.n };
  } catch {
    return null;
  }
}
