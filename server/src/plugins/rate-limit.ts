import { tooManyAttemptsMessage } from '@schooliko/common/auth';
import type { FastifyInstance } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { HttpError } from './errors';
import { memoryRateStore, type RateStore, redisRateStore } from './rate-limit-store';

/**
 * Fixed-window rate limits shared by every module (sign-in, forgot-password, refresh, OTPs,
 * uploads), counted by rate-limiter-flexible: in memory, or in Redis when REDIS_URL is set so that
 * several instances count together. A rule is named so that RATE_LIMITS can override it (tests use
 * tiny limits).
 */
export type RateRule = { name: string; max: number; windowSeconds: number };

export const RATE_RULES = {
  signInAccount: { name: 'signin-account', max: 5, windowSeconds: 60 },
  /** Failed sign-ins from a device that signed in to the account before (its device cookie). */
  signInDevice: { name: 'signin-device', max: 5, windowSeconds: 60 },
  signInIp: { name: 'signin-ip', max: 20, windowSeconds: 60 },
  signUpIp: { name: 'signup-ip', max: 10, windowSeconds: 60 },
  /** Mails to the owner of a known email someone tried to sign up with (over it: no mail, same answer). */
  signUpMail: { name: 'signup-mail', max: 3, windowSeconds: 15 * 60 },
  forgotEmail: { name: 'forgot-email', max: 3, windowSeconds: 15 * 60 },
  forgotIp: { name: 'forgot-ip', max: 10, windowSeconds: 60 },
  resetIp: { name: 'reset-ip', max: 10, windowSeconds: 60 },
  refreshIp: { name: 'refresh-ip', max: 30, windowSeconds: 60 },
  /** Wrong current passwords on Profile Settings, per person (a stolen access token guessing). */
  passwordChange: { name: 'password-change', max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

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

/**
 * Gives one counted attempt back, never below zero: a refund that comes after its window ended
 * would otherwise leave a negative count, an extra attempt in the next window.
 */
async function giveBack(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const current = await limiter.get(key);
  if (current && current.consumedPoints > 0 && current.msBeforeNext > 0) await limiter.reward(key, 1);
}

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
   * over its limit. Every pair is counted, even after one is over, as an attacker's attempts
   * should be. A store that cannot be reached lets the attempt through (logged), so an outage of
   * Redis does not lock everybody out.
   */
  async consume(...checks: [RateRule, string][]): Promise<RateTicket> {
    const counted: [RateLimiterAbstract, string][] = [];
    let limited = false;
    let waitMs = 0;
    for (const [given, rawKey] of checks) {
      const limiter = this.store.limiterFor(this.rule(given));
      const key = rawKey.toLowerCase();
      try {
        await limiter.consume(key, 1);
        counted.push([limiter, key]);
      } catch (outcome) {
        // rate-limiter-flexible rejects with its result when over the limit, with an Error when
        // the store failed.
        if (!(outcome instanceof RateLimiterRes)) {
          this.onStoreError(outcome);
          continue;
        }
        counted.push([limiter, key]);
        limited = true;
        waitMs = Math.max(waitMs, outcome.msBeforeNext);
      }
    }
    if (limited) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new HttpError(429, tooManyAttemptsMessage(seconds), undefined, {
        'retry-after': String(seconds),
      });
    }
    return {
      refund: async () => {
        for (const [limiter, key] of counted)
          await giveBack(limiter, key).catch((error: unknown) => this.onStoreError(error));
      },
    };
  }

  /** Starts every count afresh: for the test suite, where one app serves many test files. */
  forget(): void {
    this.store.forget();
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
    ? redisRateStore(app.config.REDIS_URL, 'sk:rl:', logError)
    : memoryRateStore();
  const limiter = new RateLimiter(store, parseRateOverrides(app.config.RATE_LIMITS), logError);
  limiters.set(app.config, limiter);
  app.addHook('onClose', async () => {
    limiters.delete(app.config);
    await limiter.close();
  });
  return limiter;
}

/** The test suite's reset between files that share one app: counts kept in memory start afresh. */
export function forgetRateLimits(app: FastifyInstance): void {
  limiters.get(app.config)?.forget();
}

/** The caller's address for per-IP limits. */
export function clientIp(request: { ip: string }): string {
  return request.ip || 'unknown';
}
