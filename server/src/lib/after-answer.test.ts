import { describe, expect, it } from 'vitest';
import { AfterAnswer } from './after-answer';

describe('AfterAnswer', () => {
  it('settles once all work has finished, failed work included, and work it added on the way', async () => {
    const work = new AfterAnswer();
    const done: string[] = [];
    work.add(new Promise((r) => setTimeout(r, 20)).then(() => done.push('mail')));
    work.add(
      Promise.reject(new Error('SMTP down')).catch(() => {
        done.push('withdrawn');
        work.add(new Promise((r) => setTimeout(r, 30)).then(() => done.push('late')));
      }),
    );
    await work.settled();
    expect(done.sort()).toEqual(['late', 'mail', 'withdrawn']);
  });

  it('settles at once with nothing pending', async () => {
    await expect(new AfterAnswer().settled()).resolves.toBeUndefined();
  });
});
