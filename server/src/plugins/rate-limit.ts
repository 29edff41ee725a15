import { tooManyAttemptsMessage } from '@schooliko/common/auth';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * Fixed-window rate limits shared by every module (sign-in, forgot-password, refresh, OTPs,
 * uploads). Counters live in memory, or in Redis when REDIS_URL is set so that several instances
 * count together. A rule is named so that RATE_LIMITS can override it (tests use tiny limits).
 */
export type RateRule = { name: string; max: number; windowSeconds: number };

export const RATE_RULES = {
  signInAccount: { name: 'signin-account', max: 5, windowSeconds: 60 },
  signInIp: { name: 'signin-ip', max: 20, windowSeconds: 60 },
  signUpIp: { name: 'signup-ip', max: 10, windowSeconds: 60 },
  forgotEmail: { name: 'forgot-email', max: 3, windowSeconds: 15 * 60 },
  forgotIp: { name: 'forgot-ip', max: 10, windowSeconds: 60 },
  resetIp: { name: 'reset-ip', max: 10, windowSeconds: 60 },
  refreshIp: { name: 'refresh-ip', max: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

/** One counted attempt: `count` so far in the window that ends `resetMs` from now. */
export type Hit = { count: number; resetMs: number };

export type RateStore = {
  hit: (key: string, windowMs: number) => Promise<Hit>;
  /** Gives one attempt back (e.g. after a successful sign-in). */
  undo: (key: string) => Promise<void>;
  close: () => Promise<void>;
};

export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    this.sweep(now);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetMs: entry.resetAt - now };
  }

  async undo(key: string): Promise<void> {
    const entry = this.windows.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const UNDO_SCRIPT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/** Counters in Redis: one atomic script per attempt, so every instance sees the same count. */
export class RedisRateStore implements RateStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'sk:rl:',
    onError: (error: Error) => void = () => {},
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    this.redis.on('error', onError);
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count, resetMs: ttl };
  }

  async undo(key: string): Promise<void> {
    await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** `signin-ip=20/60,forgot-email=3/900` -> { 'signin-ip': {max: 20, windowSeconds: 60}, ... }. */
export function parseRateOverrides(spec: string | undefined): Record<string, Omit<RateRule, 'name'>> {
  const overrides: Record<string, Omit<RateRule, 'name'>> = {};
  for (const part of (spec ?? '').split(',')) {
    const match = /^\s*([a-z0-9-]+)=(\d+)\/(\d+)\s*$/.exec(part);
    if (match?.[1]) overrides[match[1]] = { max: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return overrides;
}

/** A counted attempt that can be given back, e.g. when the password turned out right. */
export type RateTicket = { refund: () => Promise<void> };

export class RateLimiter {
  constructor(
    private readonly store: RateStore,
    private readonly overrides: Record<string, Omit<RateRule, 'name'>> = {},
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {}

  /** The rule as configured: RATE_LIMITS may override its max and window by name. */
  rule(rule: RateRule): RateRule {
    return { ...rule, ...this.overrides[rule.name] };
  }

  /**
   * Counts one attempt against every [rule, key] pair; throws 429 (with Retry-After) when any is
   * over its limit. A store that cannot be reached lets the attempt through (logged), so an
   * outage of Redis does not lock everybody out.
   */
  async consume(...checks: [RateRule, string][]): Promise<RateTicket> {
    const counted: string[] = [];
    let waitMs = 0;
    for (const [given, key] of checks) {
      const rule = this.rule(given);
      const storeKey = `${rule.name}:${key.toLowerCase()}`;
      try {
        const hit = await this.store.hit(storeKey, rule.windowSeconds * 1000);
        counted.push(storeKey);
        if (hit.count > rule.max) waitMs = Math.max(waitMs, hit.resetMs);
      } catch (error) {
        this.onStoreError(error);
      }
    }
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new HttpError(429, tooManyAttemptsMessage(seconds), undefined, {
        'retry-after': String(seconds),
      });
    }
    return {
      refund: async () => {
        for (const key of counted) await this.store.undo(key).catch((error) => this.onStoreError(error));
      },
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

const limiters = new WeakMap<Config, RateLimiter>();

/**
 * The app's one limiter, made on first call. Call it while registering a plugin (not inside a
 * handler): the first caller also closes the Redis connection when the app closes.
 */
export function rateLimiter(app: FastifyInstance): RateLimiter {
  const existing = limiters.get(app.config);
  if (existing) return existing;
  let quietUntil = 0;
  const logError = (error: unknown) => {
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 30_000;
    app.log.warn({ err: error }, 'rate-limit store unavailable; attempts are not being counted');
  };
  const store = app.config.REDIS_URL
    ? new RedisRateStore(app.config.REDIS_URL, 'sk:rl:', logError)
    : new MemoryRateStore();
  const limiter = new RateLimiter(store, parseRateOverrides(app.config.RATE_LIMITS), logError);
  limiters.set(app.config, limiter);
  app.addHook('onClose', async () => {
    limiters.delete(app.config);
    await limiter.close();
  });
  return limiter;
}

/** The caller's address for per-IP limits. */
export function clientIp(request: { ip: string }): string {
  return request.ip || 'unknown';
}
