import { randomBytes } from 'node:crypto';
import { passwordsBusyMessage } from '@schooliko/common/auth';
import { DEFAULT_PASSWORD_HASH_CONCURRENCY, DEFAULT_PASSWORD_HASH_QUEUE } from '../../config';
import { PoolFullError, WorkPool } from '../../lib/work-pool';
import { HttpError } from '../../plugins/errors';
import { hashOnThread, verifyOnThread } from './auth.hash-threads';

/** Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Every hash and verify of the process goes through one pool (the cores are the process's), and
 * runs on a hashing thread below the event loop's priority (auth.hash-threads.ts).
 */
let pool = new WorkPool(DEFAULT_PASSWORD_HASH_CONCURRENCY, DEFAULT_PASSWORD_HASH_QUEUE);

/** Sets the bound (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE); work already in the pool finishes there. */
export function limitPasswordHashing(concurrency: number, queue: number) {
  if (pool.concurrency !== concurrency || pool.queue !== queue) pool = new WorkPool(concurrency, queue);
}

/** The pool in use (tests hold its slots to fill it). */
export function passwordHashingPool(): WorkPool {
  return pool;
}

/** Runs an argon2 operation in the pool; a full queue is a 503 with Retry-After. */
async function pooled<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await pool.run(task);
  } catch (error) {
    if (!(error instanceof PoolFullError)) throw error;
    const seconds = error.retryAfterSeconds;
    throw new HttpError(503, passwordsBusyMessage(seconds), undefined, { 'retry-after': String(seconds) });
  }
}

export function hashPassword(password: string): Promise<string> {
  return pooled(() => hashOnThread(password, ARGON2_OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anybody knows, made once, so an unknown email costs a verify like a known one. */
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url')).catch((error) => {
    dummyHash = undefined; // a busy pool now is no reason to fail every later unknown email
    throw error;
  });
  return dummyHash;
}

/** True when the password matches; with no stored hash (none, or an invited account's empty one) it still spends the same work and says false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const target = stored || (await warmDummyHash());
  const ok = await pooled(() => verifyOnThread(target, password).catch(() => false));
  return ok && Boolean(stored);
}
