import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisRelay } from '../lib/redis-relay';
import { TtlCache } from '../lib/ttl-cache';
import { TcpProxy } from '../security/tcp-proxy';
import { CacheInvalidation, type Invalidation } from './cache-invalidation';

// The machine's Redis (part of CI). Each test uses its own channel, so parallel runs do not mix.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let relays: RedisRelay[] = [];
afterEach(async () => {
  await Promise.all(relays.map((r) => r.close()));
  relays = [];
});

function relay(redisUrl?: string) {
  const made = new RedisRelay({ redisUrl });
  relays.push(made);
  return made;
}

function heard(bus: CacheInvalidation) {
  const got: Invalidation[] = [];
  bus.on((change) => got.push(change));
  return got;
}

const change: Invalidation = { kind: 'session', familyId: 'family-1' };

/** Whether the cache serves what it is given. */
function serves(cache: TtlCache<number>) {
  cache.set('probe', 1);
  return cache.get('probe') === 1;
}

describe('CacheInvalidation', () => {
  it('without Redis: applies a change here before invalidate resolves, and caches serve', async () => {
    const bus = new CacheInvalidation(relay());
    const got = heard(bus);
    const done = bus.invalidate(change);
    expect(got).toEqual([change]);
    await done;
    expect(serves(bus.track(new TtlCache<number>({ max: 10, ttlMs: 1_000 })))).toBe(true);
  });

  it('tells the other instance once, and itself once', async () => {
    const channel = `schooliko:test:${randomUUID()}`;
    const a = new CacheInvalidation(relay(REDIS_URL), channel);
    const b = new CacheInvalidation(relay(REDIS_URL), channel);
    const onA = heard(a);
    const onB = heard(b);
    await Promise.all(relays.map((r) => r.ready()));
    await a.invalidate(change);
    await expect.poll(() => onB).toEqual([change]);
    // Give any echo a moment to arrive: A must not apply its own change twice.
    await new Promise((r) => setTimeout(r, 100));
    expect(onA).toEqual([change]);
    expect(onB).toEqual([change]);
  });

  it('keeps tracked caches from serving until it listens to Redis, and while it cannot', async () => {
    const redis = new URL(REDIS_URL);
    const proxy = new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    await proxy.open();
    const through = new URL(REDIS_URL);
    through.host = `127.0.0.1:${proxy.port}`;
    const live = new CacheInvalidation(relay(through.toString()), `schooliko:test:${randomUUID()}`);
    const cache = live.track(new TtlCache<number>({ max: 10, ttlMs: 1_000 }));
    await expect.poll(() => serves(cache)).toBe(true);
    await proxy.cut();
    await expect.poll(() => serves(cache)).toBe(false);
    await proxy.open();
    // Back, and empty: what was published meanwhile is lost.
    await expect
      .poll(() => cache.get('probe') === undefined && serves(cache), { timeout: 10_000 })
      .toBe(true);
    await proxy.cut();

    const deaf = new CacheInvalidation(relay('redis://127.0.0.1:1'), `schooliko:test:${randomUUID()}`);
    const unheard = deaf.track(new TtlCache<number>({ max: 10, ttlMs: 1_000 }));
    expect(serves(unheard)).toBe(false);
    const got = heard(deaf);
    // Still applied here at once, and the caller is not held for long by the missing Redis.
    await deaf.invalidate(change);
    expect(got).toEqual([change]);
    expect(serves(unheard)).toBe(false);
  });
});
