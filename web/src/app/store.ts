import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { type AuthState, authSlice } from '../features/auth/auth.slice';
import { instituteSlice } from '../features/branding/institute.slice';
import { instituteGroupSlice } from '../features/groups/institute-group.slice';
import { joinRequestSlice } from '../features/join-requests/join-request.slice';
import { toastSlice } from '../features/toast/toast.slice';
import { api } from './api';

// localStorage behind the async interface redux-persist expects (its own CJS helper does not
// survive ESM bundling).
const storage = {
  getItem: async (key: string) => localStorage.getItem(key),
  setItem: async (key: string, value: string) => localStorage.setItem(key, value),
  removeItem: async (key: string) => localStorage.removeItem(key),
};

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.name]: authSlice.reducer,
  [instituteSlice.name]: instituteSlice.reducer,
  [instituteGroupSlice.name]: instituteGroupSlice.reducer,
  [joinRequestSlice.name]: joinRequestSlice.reducer,
  [toastSlice.name]: toastSlice.reducer,
});

// The access token stays in memory: a reload gets a fresh one through the refresh cookie.
const authInMemoryOnly = createTransform<AuthState, AuthState>(
  (state) => ({ ...state, accessToken: null, loading: false, error: null }),
  (state) => state,
  { whitelist: ['auth'] },
);

// Spec 9: local storage key `root`, version 1, rehydrate time-out 5000 ms.
const persisted = persistReducer<ReturnType<typeof rootReducer>>(
  {
    key: 'root',
    version: 1,
    storage,
    whitelist: ['auth', 'institute', 'instituteGroup', 'joinRequest'],
    timeout: 5000,
    transforms: [authInMemoryOnly],
  },
  rootReducer,
);

export const store = configureStore({
  reducer: persisted,
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }).concat(api.middleware),
});

export const persistor = persistStore(store);
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
