import { type AuthState, authSlice } from '../features/auth/auth.slice';
import { type InstituteState, instituteSlice } from '../features/branding/institute.slice';
import { type InstituteGroupState, instituteGroupSlice } from '../features/groups/institute-group.slice';
import { type JoinRequestState, joinRequestSlice } from '../features/join-requests/join-request.slice';

/**
 * What survives a reload (spec 9: auth, institute, instituteGroup, joinRequest), kept in
 * localStorage under one key. The version is in the key, so another release never reads this
 * one's value, and in the value, so a value of another shape under this key is refused too.
 * Bump both when a saved slice changes shape: old values are then ignored, not misread.
 */
export const SAVED_STATE_KEY = 'schooliko:v1';
export const SAVED_STATE_VERSION = 1;
/** Where redux-persist kept the store before this; removed on load so it does not linger. */
const LEGACY_KEY = 'persist:root';

export type SavedState = {
  auth: AuthState;
  institute: InstituteState;
  instituteGroup: InstituteGroupState;
  joinRequest: JoinRequestState;
};

/** The part of Storage we use, so tests can hand in a plain object. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The access token stays in memory: a reload gets a fresh one through the refresh cookie. */
function withoutSecrets(auth: AuthState): AuthState {
  return { ...auth, accessToken: null, loading: false, error: null };
}

/** The slices to save, taken from the whole state (references kept, for the change check). */
export function savedPart(state: SavedState): SavedState {
  return {
    auth: state.auth,
    institute: state.institute,
    instituteGroup: state.instituteGroup,
    joinRequest: state.joinRequest,
  };
}

/** Each saved slice laid over its initial state, so a field added since it was saved has a value. */
function restore<T extends object>(initial: T, saved: unknown): T | undefined {
  return isRecord(saved) ? { ...initial, ...saved } : undefined;
}

/**
 * The preloaded state: what was saved by this version, else nothing. Storage that cannot be read
 * (private mode, a corrupt value) is the same as an empty one: saving is a convenience only.
 */
export function loadSavedState(storage: KeyValueStorage | undefined): Partial<SavedState> | undefined {
  if (!storage) return undefined;
  try {
    storage.removeItem(LEGACY_KEY);
    const text = storage.getItem(SAVED_STATE_KEY);
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || value.version !== SAVED_STATE_VERSION || !isRecord(value.state)) return undefined;
    const { state } = value;
    const auth = restore(authSlice.getInitialState(), state.auth);
    // A slice left undefined starts from its reducer's initial state.
    return {
      auth: auth && withoutSecrets(auth),
      institute: restore(instituteSlice.getInitialState(), state.institute),
      instituteGroup: restore(instituteGroupSlice.getInitialState(), state.instituteGroup),
      joinRequest: restore(joinRequestSlice.getInitialState(), state.joinRequest),
    };
  } catch {
    return undefined;
  }
}

export function saveState(storage: KeyValueStorage, state: SavedState): void {
  const saved = { ...savedPart(state), auth: withoutSecrets(state.auth) };
  try {
    storage.setItem(SAVED_STATE_KEY, JSON.stringify({ version: SAVED_STATE_VERSION, state: saved }));
  } catch {
    // Full or forbidden storage: the next reload simply starts from the server.
  }
}

export function forgetSavedState(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(SAVED_STATE_KEY);
  } catch {
    // Nothing saved that could be read back either.
  }
}
