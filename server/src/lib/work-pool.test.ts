import { describe, expect, it } from 'vitest';
import { PoolFullError, WorkPool } from './work-pool';

/** A task that runs until the test lets it finish. */
function gate() {
  let open: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { done, open };
}

describe('WorkPool', () => {
  it('runs at most `concurrency` tasks, queues `queue` more and refuses the rest at once', async () => {
    const pool = new WorkPool(2, 1);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      pool.run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(pool.load).toBe(3);
    await expect(pool.run(async () => 'never')).rejects.toBeInstanceOf(PoolFullError);

    gates[1]?.open();
    expect(await runs[1]).toBe(1);
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    gates[2]?.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(pool.load).toBe(0);
  });

  it('starts waiting tasks in the order they came', async () => {
    const pool = new WorkPool(1, 3);
    const first = gate();
    const order: string[] = [];
    const runs = [
      pool.run(() => first.done.then(() => order.push('a'))),
      pool.run(async () => order.push('b')),
      pool.run(async () => order.push('c')),
      pool.run(async () => order.push('d')),
    ];
    first.open();
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of a task that fails', async () => {
    const pool = new WorkPool(1, 0);
    await expect(
      pool.run(async () => {
        throw new Error('argon2 failed');
      }),
    ).rejects.toThrow('argon2 failed');
    expect(pool.load).toBe(0);
    expect(await pool.run(async () => 'next')).toBe('next');
  });

  it('with no queue, refuses while its slots are taken', async () => {
    const pool = new WorkPool(1, 0);
    const held = gate();
    const running = pool.run(() => held.done);
    const refused = await pool.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PoolFullError);
    expect((refused as PoolFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    held.open();
    await running;
    expect(await pool.run(async () => 'now')).toBe('now');
  });

  it('refuses settings that would never run anything', () => {
    expect(() => new WorkPool(0, 10)).toThrow('concurrency must be 1 or more');
    expect(() => new WorkPool(1, -1)).toThrow('queue must be 0 or more');
    expect(() => new WorkPool(1.5, 0)).toThrow('concurrency must be 1 or more');
  });
});
