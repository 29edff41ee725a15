import { afterEach, describe, expect, it } from 'vitest';
import { pinClock, TEST_NOW } from './clock';

const Real = Date;
const origin = performance.timeOrigin;
afterEach(() => {
  globalThis.Date = Real;
  Object.defineProperty(performance, 'timeOrigin', { configurable: true, get: () => origin });
});

describe('pinClock', () => {
  it('moves now to the pinned moment and lets it run on', async () => {
    pinClock(TEST_NOW);
    const pinned = new Real('2026-11-26T05:30:00Z').getTime();
    expect(Date.now() - pinned).toBeGreaterThanOrEqual(0);
    expect(Date.now() - pinned).toBeLessThan(1_000);
    expect(new Date().toISOString().slice(0, 16)).toBe('2026-11-26T05:30');
    const before = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Date.now() - before).toBeGreaterThanOrEqual(25);
  });

  it('keeps dates built from a value, Date.parse, Date.UTC and instanceof as they are', () => {
    pinClock(TEST_NOW);
    expect(new Date('2020-01-02T03:04:05Z').toISOString()).toBe('2020-01-02T03:04:05.000Z');
    expect(new Date(0).getTime()).toBe(0);
    expect(Date.UTC(2020, 0, 1)).toBe(1577836800000);
    expect(Date.parse('2020-01-01T00:00:00Z')).toBe(1577836800000);
    expect(new Date()).toBeInstanceOf(Real);
    expect(new Real(1)).toBeInstanceOf(Date);
    expect(Date()).toContain('Thu Nov 26 2026');
  });

  it('moves performance.timeOrigin with it, so the time since it stays what it was', () => {
    const since = Real.now() - origin;
    pinClock(TEST_NOW);
    expect(Math.abs(Date.now() - performance.timeOrigin - since)).toBeLessThan(1_000);
    expect(performance.timeOrigin).toBeLessThan(new Real(TEST_NOW).getTime());
  });

  it('pins again from the real clock, not from the last pin', () => {
    pinClock('2030-01-01T00:00:00Z');
    pinClock(TEST_NOW);
    expect(Math.abs(Date.now() - new Real(TEST_NOW).getTime())).toBeLessThan(1_000);
  });

  it('refuses what is not a date', () => {
    expect(() => pinClock('someday')).toThrow('pinClock: not a date: someday');
  });
});
