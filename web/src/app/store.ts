import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth.slice';
import { instituteSlice } from '../features/branding/institute.slice';
import { instituteGroupSlice } from '../features/groups/institute-group.slice';
import { joinRequestSlice } from '../features/join-requests/join-request.slice';
import { viewedYearSlice } from '../features/people/viewed-year.slice';
import { toastSlice } from '../kit/toast/toast.slice';
import { api } from './api';
import { saveThrottled } from './save-throttled';
import { forgetSavedState, type KeyValueStorage, loadSavedState } from './saved-state';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.name]: authSlice.reducer,
  [instituteSlice.name]: instituteSlice.reducer,
  [instituteGroupSlice.name]: instituteGroupSlice.reducer,
  [joinRequestSlice.name]: joinRequestSlice.reducer,
  [toastSlice.name]: toastSlice.reducer,
  [viewedYearSlice.name]: viewedYearSlice.reducer,
});

/** localStorage, unless the browser refuses it (reading the property itself can throw). */
function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

const storage = browserStorage();

// Read synchronously before the first render: the saved branding and session paint at once,
// with no gate waiting for an asynchronous rehydration.
export const store = configureStore({
  reducer: rootReducer,
  preloadedState: loadSavedState(storage),
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

const saver = storage ? saveThrottled(store, storage, 500) : undefined;
// A change made just before a reload or a tab switch is written at once, not half a second late.
if (saver && typeof document !== 'undefined') {
  window.addEventListener('pagehide', saver.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saver.flush();
  });
}

/** Sign-out: what was saved is forgotten, and a change still waiting is not written. */
export function forgetSaved() {
  saver?.cancel();
  forgetSavedState(storage);
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
