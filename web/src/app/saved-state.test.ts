import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { AuthUser } from '@schooliko/common/auth';
import type { Branding } from '@schooliko/common/institutes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSlice, signedIn } from '../features/auth/auth.slice';
import { brandingLoaded, instituteSlice } from '../features/branding/institute.slice';
import { instituteGroupSlice } from '../features/groups/institute-group.slice';
import { joinRequestSlice } from '../features/join-requests/join-request.slice';
import { showToast, toastSlice } from '../kit/toast/toast.slice';
import { saveThrottled } from './save-throttled';
import {
  forgetSavedState,
  type KeyValueStorage,
  loadSavedState,
  SAVED_STATE_KEY,
  SAVED_STATE_VERSION,
} from './saved-state';

/** Storage as the browser offers it, in a Map, counting writes. */
function fakeStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  const writes: string[] = [];
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      writes.push(key);
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { storage, items, writes };
}

const reducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [instituteSlice.name]: instituteSlice.reducer,
  [instituteGroupSlice.name]: instituteGroupSlice.reducer,
  [joinRequestSlice.name]: joinRequestSlice.reducer,
  [toastSlice.name]: toastSlice.reducer,
});
const makeStore = (storage: KeyValueStorage) =>
  configureStore({ reducer, preloadedState: loadSavedState(storage) });

const user = { id: 'u1', email: 'asha@ex.in', role: 'director' } as unknown as AuthUser;
const branding = { name: 'Green Valley' } as unknown as Branding;
const saved = (state: unknown, version = SAVED_STATE_VERSION) => JSON.stringify({ version, state });

describe('loadSavedState', () => {
  it('gives nothing without storage, without a value, or for a value it cannot read', () => {
    expect(loadSavedState(undefined)).toBeUndefined();
    expect(loadSavedState(fakeStorage().storage)).toBeUndefined();
    expect(loadSavedState(fakeStorage({ [SAVED_STATE_KEY]: '{not json' }).storage)).toBeUndefined();
    expect(loadSavedState(fakeStorage({ [SAVED_STATE_KEY]: '[1]' }).storage)).toBeUndefined();
  });

  it('ignores a value written by another version', () => {
    const value = saved({ institute: { domain: 'a.in', data: branding, fetchedAt: 1 } }, 2);
    expect(loadSavedState(fakeStorage({ [SAVED_STATE_KEY]: value }).storage)).toBeUndefined();
  });

  it("removes redux-persist's old value instead of reading it", () => {
    const { storage, items } = fakeStorage({ 'persist:root': '{"auth":"{}"}' });
    expect(loadSavedState(storage)).toBeUndefined();
    expect(items.has('persist:root')).toBe(false);
  });

  it('lays each saved slice over its initial state and never restores a token', () => {
    const value = saved({
      auth: { user, accessToken: 'leaked', isAuthenticated: true, loading: true, error: 'x' },
      institute: { domain: 'a.in', data: branding },
      toast: { open: true },
    });
    const loaded = loadSavedState(fakeStorage({ [SAVED_STATE_KEY]: value }).storage);
    expect(loaded?.auth).toEqual({
      user,
      accessToken: null,
      isAuthenticated: true,
      loading: false,
      error: null,
    });
    expect(loaded?.institute).toEqual({ domain: 'a.in', data: branding, fetchedAt: 0 });
    expect(loaded?.joinRequest).toBeUndefined();
    expect(loaded).not.toHaveProperty('toast');
  });
});

describe('saveThrottled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the saved slices once per wait, only when they changed, and a reload reads them back', () => {
    const { storage, items, writes } = fakeStorage();
    const store = makeStore(storage);
    const saver = saveThrottled(store, storage, 500);

    store.dispatch(showToast({ message: 'Hello', severity: 'success' }));
    vi.advanceTimersByTime(1_000);
    expect(writes).toEqual([]);

    store.dispatch(signedIn({ user, accessToken: 'secret' }));
    store.dispatch(brandingLoaded({ domain: 'a.in', data: branding }));
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([SAVED_STATE_KEY]);
    expect(items.get(SAVED_STATE_KEY)).not.toContain('secret');

    const reloaded = makeStore(storage).getState();
    expect(reloaded.auth).toMatchObject({ user, isAuthenticated: true, accessToken: null });
    expect(reloaded.institute).toMatchObject({ domain: 'a.in', data: branding });
    expect(reloaded.toast).toEqual(toastSlice.getInitialState());
    saver.stop();
  });

  it('flushes a pending change at once, and forgets on sign-out', () => {
    const { storage, items, writes } = fakeStorage();
    const store = makeStore(storage);
    const saver = saveThrottled(store, storage, 500);

    saver.flush();
    expect(writes).toEqual([]);
    store.dispatch(brandingLoaded({ domain: 'a.in', data: branding }));
    saver.flush();
    expect(writes).toEqual([SAVED_STATE_KEY]);

    store.dispatch(signedIn({ user, accessToken: 'secret' }));
    saver.cancel();
    forgetSavedState(storage);
    vi.advanceTimersByTime(1_000);
    expect(items.has(SAVED_STATE_KEY)).toBe(false);
    saver.stop();
  });

  it('keeps going when storage refuses to write', () => {
    const { storage } = fakeStorage();
    const full: KeyValueStorage = {
      ...storage,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    const store = makeStore(full);
    const saver = saveThrottled(store, full, 500);
    store.dispatch(brandingLoaded({ domain: 'a.in', data: branding }));
    expect(() => saver.flush()).not.toThrow();
    saver.stop();
  });
});
