import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HASH_THREAD_NICE, hashOnThread, verifyOnThread } from './auth.hash-threads';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('argon2 on hashing threads', () => {
  it('hashes with argon2id and the given parameters, and verifies', async () => {
    const hash = await hashOnThread('Secret@123', FAST);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyOnThread(hash, 'Secret@123')).toBe(true);
    expect(await verifyOnThread(hash, 'Secret@124')).toBe(false);
  });

  it('rejects a stored hash it cannot read, and the thread goes on working', async () => {
    await expect(verifyOnThread('not-a-hash', 'Secret@123')).rejects.toThrow();
    const hash = await hashOnThread('again', FAST);
    expect(await verifyOnThread(hash, 'again')).toBe(true);
  });

  it('runs calls at the same time on threads of their own', async () => {
    const hashes = await Promise.all(['a', 'b', 'c'].map((p) => hashOnThread(`pass-${p}`, FAST)));
    expect(new Set(hashes).size).toBe(3);
    const checks = await Promise.all(hashes.map((h, i) => verifyOnThread(h, `pass-${'abc'[i]}`)));
    expect(checks).toEqual([true, true, true]);
  });

  it('runs below the priority of the event loop (Linux)', async () => {
    await hashOnThread('x', FAST);
    if (process.platform === 'linux') {
      expect(HASH_THREAD_NICE).toBe(10);
      const values = threadNiceValues();
      expect(values).toContain(10);
      expect(values[0]).toBe(0); // the main thread (its tid is the process id, listed first)
    } else {
      expect(HASH_THREAD_NICE).toBe(0); // elsewhere the call would lower the whole process
    }
  });
});
