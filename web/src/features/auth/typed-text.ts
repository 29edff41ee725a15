/** Spec 9: the typed title's speed and pause, and where a long name is cut. */
export const TYPE_MS = 150;
export const HOLD_MS = 1000;
export const ERASE_MS = 40;
export const TITLE_MAX_WORDS = 37;

/** The name as the title shows it: at most 37 words, an ellipsis when cut. */
export function shortenWords(text: string, maxWords = TITLE_MAX_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : words.join(' ');
}

export type TypedState = { count: number; phase: 'typing' | 'holding' | 'erasing' };

/**
 * One step of the looping typewriter: type a character every 150 ms, hold the full text for
 * 1000 ms, erase it quickly, type it again. Returns the next state and how long to wait for it.
 */
export function typedStep(state: TypedState, length: number): { next: TypedState; delay: number } {
  if (state.phase === 'typing') {
    if (state.count < length) return { next: { count: state.count + 1, phase: 'typing' }, delay: TYPE_MS };
    return { next: { count: length, phase: 'holding' }, delay: HOLD_MS };
  }
  if (state.phase === 'holding') return { next: { count: length, phase: 'erasing' }, delay: ERASE_MS };
  if (state.count > 0) return { next: { count: state.count - 1, phase: 'erasing' }, delay: ERASE_MS };
  return { next: { count: 0, phase: 'typing' }, delay: TYPE_MS };
}
