import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { parseRateOverrides, RateLimiter, type RateRule } from './rate-limit';
import { memoryRateStore, type RateStore, redisRateStore } from './rate-limit-store';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freshRule = (max: number, windowSeconds: number): RateRule => ({
  name: `t-${randomBytes(3).toString('hex')}`,
  max,
  windowSeconds,
});

/**
 * The same contract for every store: the in-memory one always, Redis when TEST_REDIS_URL names a
 * server (like TEST_DATABASE_URL for PostgreSQL), each run under a key prefix of its own.
 */
const stores: [string, () => RateStore][] = [['memory', () => memoryRateStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  stores.push(['redis', () => redisRateStore(redisUrl, `sk:test:${randomBytes(6).toString('hex')}:`)]);

describe.each(stores)('%s store', (_name, make) => {
  const store = make();
  const limiter = new RateLimiter(store);
  afterAll(() => limiter.close());

  it('counts attempts per key within a window and starts again after it', async () => {
    const rule = freshRule(1, 1);
    await limiter.consume([rule, 'a']);
    await expect(limiter.consume([rule, 'a'])).rejects.toMatchObject({ statusCode: 429 });
    await expect(limiter.consume([rule, 'b'])).resolves.toBeDefined();
    await sleep(1_100);
    await expect(limiter.consume([rule, 'a'])).resolves.toBeDefined();
  });

  it('throws 429 with Retry-After once over the limit, and refunds', async () => {
    const rule = freshRule(2, 30);
    const ticket = await limiter.consume([rule, 'k']);
    await limiter.consume([rule, 'k']);
    const error = await limiter.consume([rule, 'k']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 429, headers: { 'retry-after': '30' } });
    expect((error as HttpError).message).toBe('Too many attempts. Please try again in 30 seconds.');
    await ticket.refund();
    await ticket.refund();
    // Three counted, two given back: one more fits under the limit of two (keys ignore case).
    await expect(limiter.consume([rule, 'K'])).resolves.toBeDefined();
    await expect(limiter.consume([rule, 'k'])).rejects.toMatchObject({ statusCode: 429 });
  });

  it('never gives back below zero', async () => {
    const rule = freshRule(1, 30);
    const ticket = await limiter.consume([rule, 'z']);
    for (let i = 0; i < 3; i++) await ticket.refund();
    await limiter.consume([rule, 'z']);
    await expect(limiter.consume([rule, 'z'])).rejects.toMatchObject({ statusCode: 429 });
  });

  it('counts every pair, and answers with the longest wait', async () => {
    const short = freshRule(1, 10);
    const long = freshRule(5, 60);
    await limiter.consume([short, 'ip'], [long, 'account']);
    const error = await limiter.consume([short, 'ip'], [long, 'account']).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 429, headers: { 'retry-after': '10' } });
    // The long rule counted both attempts although the short one refused the second.
    for (let i = 0; i < 3; i++) await limiter.consume([long, 'account']);
    await expect(limiter.consume([long, 'account'])).rejects.toMatchObject({
      headers: { 'retry-after': '60' },
    });
  });
});

describe('rate limiter', () => {
  it('reads overrides by name from RATE_LIMITS', () => {
    expect(parseRateOverrides('signin-ip=7/30, forgot-email=1/900')).toEqual({
      'signin-ip': { max: 7, windowSeconds: 30 },
      'forgot-email': { max: 1, windowSeconds: 900 },
    });
    const limiter = new RateLimiter(memoryRateStore(), parseRateOverrides('otp-send=2/10'));
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

  it('applies an override to the counting, not only to the rule', async () => {
    const limiter = new RateLimiter(memoryRateStore(), parseRateOverrides('otp-send=1/10'));
    const rule = { name: 'otp-send', max: 5, windowSeconds: 600 };
    await limiter.consume([rule, 'k']);
    await expect(limiter.consume([rule, 'k'])).rejects.toMatchObject({ headers: { 'retry-after': '10' } });
  });

  it('lets attempts through, and reports, when Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const limiter = new RateLimiter(redisRateStore('redis://127.0.0.1:1', 'sk:none:'), {}, (e) =>
      errors.push(e),
    );
    const rule = { name: 'x', max: 1, windowSeconds: 60 };
    const ticket = await limiter.consume([rule, 'k']);
    for (let i = 0; i < 2; i++) await limiter.consume([rule, 'k']);
    expect(errors.length).toBe(3);
    // Nothing was counted, so there is nothing to give back (and nothing more to report).
    await ticket.refund();
    expect(errors.length).toBe(3);
    await limiter.close();
  });
});
