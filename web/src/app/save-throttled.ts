import { type KeyValueStorage, type SavedState, savedPart, saveState } from './saved-state';

type Watched = { getState: () => SavedState; subscribe: (listener: () => void) => () => void };

export type Saver = {
  /** Writes a pending change now (the page is being hidden or unloaded). */
  flush: () => void;
  /** Drops a pending change (signing out forgets what was saved). */
  cancel: () => void;
  stop: () => void;
};

/**
 * Saves the store's saved slices at most once per `waitMs`, and only when one of them changed:
 * most actions (every RTK Query answer, every toast) touch none of them, and localStorage writes
 * are synchronous on the main thread.
 */
export function saveThrottled(store: Watched, storage: KeyValueStorage, waitMs: number): Saver {
  let last = savedPart(store.getState());
  let timer: ReturnType<typeof setTimeout> | undefined;

  const changed = () => {
    const next = savedPart(store.getState());
    return (Object.keys(next) as (keyof SavedState)[]).some((name) => next[name] !== last[name]);
  };
  const write = () => {
    timer = undefined;
    const state = store.getState();
    last = savedPart(state);
    saveState(storage, state);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const unsubscribe = store.subscribe(() => {
    if (timer === undefined && changed()) timer = setTimeout(write, waitMs);
  });

  return {
    flush: () => {
      if (timer === undefined) return;
      cancel();
      write();
    },
    cancel,
    stop: () => {
      cancel();
      unsubscribe();
    },
  };
}
