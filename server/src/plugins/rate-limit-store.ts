import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateRule } from './rate-limit';

/**
 * Where the counters live. rate-limiter-flexible fixes points and duration per limiter, while our
 * rules are many and may be overridden by name, so a store hands out one limiter per rule shape.
 */
export type RateStore = {
  limiterFor: (rule: RateRule) => RateLimiterAbstract;
  /** Counts in this process start afresh (the test suite, between files that share one app). */
  forget: () => void;
  close: () => Promise<void>;
};

function cachedLimiters(make: (rule: RateRule) => RateLimiterAbstract) {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateRule) => {
    const shape = `${rule.name}/${rule.max}/${rule.windowSeconds}`;
    let limiter = limiters.get(shape);
    if (!limiter) {
      limiter = make(rule);
      limiters.set(shape, limiter);
    }
    return limiter;
  };
  return { limiterFor, forget: () => limiters.clear() };
}

/** Counters in this process: right for one instance (the default). */
export function memoryRateStore(): RateStore {
  return {
    ...cachedLimiters(
      (rule) =>
        new RateLimiterMemory({ keyPrefix: rule.name, points: rule.max, duration: rule.windowSeconds }),
    ),
    close: async () => {},
  };
}

/**
 * Counters in Redis, so every instance counts together. Keys are `<prefix><rule>:<key>`, the
 * layout of the hand-written limiter this replaced, so counters survive a rolling upgrade.
 * One retry per command and a short connect time-out: an unreachable Redis must fail an attempt
 * quickly (the limiter then lets it through) rather than hold the request.
 */
export function redisRateStore(
  url: string,
  prefix = 'sk:rl:',
  onError: (error: Error) => void = () => {},
): RateStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', onError);
  return {
    ...cachedLimiters(
      (rule) =>
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}${rule.name}`,
          points: rule.max,
          duration: rule.windowSeconds,
        }),
    ),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
