import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anybody knows, made once, so an unknown email costs a verify like a known one. */
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** True when the password matches; with no stored hash it still spends the same work and says false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const target = stored ?? (await warmDummyHash());
  const ok = await verify(target, password).catch(() => false);
  return ok && Boolean(stored);
}
