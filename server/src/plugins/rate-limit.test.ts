import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import {
  MemoryRateStore,
  parseRateOverrides,
  RateLimiter,
  type RateStore,
  RedisRateStore,
} from './rate-limit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The same contract for every store: the in-memory one always, Redis when TEST_REDIS_URL names a
 * server (like TEST_DATABASE_URL for PostgreSQL), each run under a key prefix of its own.
 */
const stores: [string, () => RateStore][] = [['memory', () => new MemoryRateStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  stores.push(['redis', () => new RedisRateStore(redisUrl, `sk:test:${randomBytes(6).toString('hex')}:`)]);

describe.each(stores)('%s store', (_name, make) => {
  const store = make();
  afterAll(() => store.close());

  it('counts hits within a window and starts again after it', async () => {
    expect((await store.hit('a', 300)).count).toBe(1);
    const second = await store.hit('a', 300);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(0);
    expect(second.resetMs).toBeLessThanOrEqual(300);
    expect((await store.hit('b', 300)).count).toBe(1);
    await sleep(350);
    expect((await store.hit('a', 300)).count).toBe(1);
  });

  it('gives an attempt back with undo, never below zero', async () => {
    await store.hit('u', 10_000);
    await store.hit('u', 10_000);
    await store.undo('u');
    expect((await store.hit('u', 10_000)).count).toBe(2);
    await store.undo('nothing-here');
    expect((await store.hit('nothing-here', 10_000)).count).toBe(1);
  });

  it('throws 429 with Retry-After once over the limit, and refunds', async () => {
    const limiter = new RateLimiter(store);
    const rule = { name: `t-${randomBytes(3).toString('hex')}`, max: 2, windowSeconds: 30 };
    const ticket = await limiter.consume([rule, 'k']);
    await limiter.consume([rule, 'k']);
    const error = await limiter.consume([rule, 'k']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 429, headers: { 'retry-after': '30' } });
    expect((error as HttpError).message).toBe('Too many attempts. Please try again in 30 seconds.');
    await ticket.refund();
    await ticket.refund();
    // Three counted, two given back: one more fits under the limit of two.
    await expect(limiter.consume([rule, 'K'])).resolves.toBeDefined();
  });
});

describe('rate limiter', () => {
  it('reads overrides by name from RATE_LIMITS', () => {
    expect(parseRateOverrides('signin-ip=7/30, forgot-email=1/900')).toEqual({
      'signin-ip': { max: 7, windowSeconds: 30 },
      'forgot-email': { max: 1, windowSeconds: 900 },
    });
    const limiter = new RateLimiter(new MemoryRateStore(), parseRateOverrides('otp-send=2/10'));
    expect(limiter.rule({ name: 'otp-send', max: 5, windowSeconds: 600 })).toEqual({
      name: 'otp-send',
      max: 2,
      windowSeconds: 10,
    });
    expect(limiter.rule({ name: 'uploads', max: 5, windowSeconds: 600 })).toEqual({
      name: 'uploads',
      max: 5,
      windowSeconds: 600,
    });
  });

  it('lets attempts through, and reports, when Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const store = new RedisRateStore('redis://127.0.0.1:1', 'sk:none:');
    const limiter = new RateLimiter(store, {}, (e) => errors.push(e));
    const rule = { name: 'x', max: 1, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await limiter.consume([rule, 'k']);
    expect(errors.length).toBe(3);
    await store.close();
  });
});
