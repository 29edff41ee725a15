import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A read that finishes when the test says so. */
function pending<V>() {
  let finish: (value: V) => void = () => {};
  const promise = new Promise<V>((resolve) => {
    finish = resolve;
  });
  return { read: () => promise, finish };
}

describe('TtlCache', () => {
  it('serves an entry until it expires, and nothing after', () => {
    const time = clock();
    const cache = new TtlCache<number>({ max: 10, ttlMs: 100, now: time.now });
    cache.set('a', 1);
    cache.set('b', 2, time.now() + 10);
    time.advance(9);
    expect([cache.get('a'), cache.get('b')]).toEqual([1, 2]);
    time.advance(1);
    expect([cache.get('a'), cache.get('b')]).toEqual([1, undefined]);
    time.advance(90);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most max entries, dropping the least recently used', () => {
    const cache = new TtlCache<string>({ max: 2, ttlMs: 1_000 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.size).toBe(2);
  });

  it('loads a miss once and serves the kept value after', async () => {
    const cache = new TtlCache<number>({ max: 10, ttlMs: 1_000 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.load('k', read)).toBe(1);
    expect(await cache.load('k', read)).toBe(1);
    expect(reads).toBe(1);
  });

  it('does not keep a value read while an entry was dropped: it may predate the change', async () => {
    const cache = new TtlCache<string>({ max: 10, ttlMs: 1_000 });
    const before = pending<string>();
    const loading = cache.load('k', before.read);
    cache.delete('other');
    before.finish('stale');
    expect(await loading).toBe('stale');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.load('k', async () => 'fresh')).toBe('fresh');
    expect(cache.get('k')).toBe('fresh');
  });

  it('drops what a test matches, and everything on clear', () => {
    const cache = new TtlCache<{ user: string }>({ max: 10, ttlMs: 1_000 });
    cache.set('1', { user: 'u1' });
    cache.set('2', { user: 'u2' });
    cache.set('3', { user: 'u1' });
    cache.deleteWhere((v) => v.user === 'u1');
    expect([cache.get('1'), cache.get('2'), cache.get('3')]).toEqual([undefined, { user: 'u2' }, undefined]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('serves and keeps nothing while paused', async () => {
    const cache = new TtlCache<number>({ max: 10, ttlMs: 1_000 });
    cache.set('a', 1);
    cache.pause();
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.load('a', async () => 2)).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.resume();
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.load('a', async () => 3)).toBe(3);
    expect(cache.get('a')).toBe(3);
  });
});
