import { describe, expect, it } from 'vitest';
import { shortenWords, type TypedState, typedStep } from './typed-text';

describe('typed title (spec 2.4, 9)', () => {
  it('keeps up to 37 words and cuts longer names with an ellipsis', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(shortenWords(words.slice(0, 37).join(' '))).toBe(words.slice(0, 37).join(' '));
    expect(shortenWords(words.join(' '))).toBe(`${words.slice(0, 37).join(' ')}…`);
    expect(shortenWords('  Green   Valley  ')).toBe('Green Valley');
  });

  it('types one character per 150 ms, holds 1000 ms, erases, and loops', () => {
    let state: TypedState = { count: 0, phase: 'typing' };
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { next, delay } = typedStep(state, 3);
      seen.push(`${next.phase}:${next.count}:${delay}`);
      state = next;
    }
    expect(seen).toEqual([
      'typing:1:150',
      'typing:2:150',
      'typing:3:150',
      'holding:3:1000',
      'erasing:3:40',
      'erasing:2:40',
      'erasing:1:40',
      'erasing:0:40',
      'typing:0:150',
      'typing:1:150',
      'typing:2:150',
      'typing:3:150',
    ]);
  });
});
