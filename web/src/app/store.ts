import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { instituteSlice } from '../features/branding/institute.slice';
import { api } from './api';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [instituteSlice.name]: instituteSlice.reducer,
});

// localStorage behind the async interface redux-persist expects (its own CJS helper does not
// survive ESM bundling).
const storage = {
  getItem: async (key: string) => localStorage.getItem(key),
  setItem: async (key: string, value: string) => localStorage.setItem(key, value),
  removeItem: async (key: string) => localStorage.removeItem(key),
};

// Spec 9: local storage key `root`, version 1, rehydrate time-out 5000 ms.
const persisted = persistReducer(
  {
    key: 'root',
    version: 1,
    storage,
    whitelist: ['auth', 'institute', 'instituteGroup', 'joinRequest'],
    timeout: 5000,
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
