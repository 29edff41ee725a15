import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser, Role } from '@schooliko/common/auth';
import { signedOut } from '../../kit/session';

/**
 * Spec 3.2. The access token lives in memory only (not persisted): after a reload the first
 * call refreshes it through the httpOnly refresh cookie.
 */
export type AuthState = {
  user: AuthUser | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
};

const initialState: AuthState = {
  user: null,
  accessToken: null,
  isAuthenticated: false,
  loading: false,
  error: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ user: AuthUser; accessToken: string }>) {
      state.user = action.payload.user;
      state.accessToken = action.payload.accessToken;
      state.isAuthenticated = true;
      state.loading = false;
      state.error = null;
    },
    tokenRefreshed(state, action: PayloadAction<{ accessToken: string; user?: AuthUser }>) {
      state.accessToken = action.payload.accessToken;
      if (action.payload.user) state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<AuthUser>) {
      state.user = action.payload;
    },
    authLoading(state) {
      state.loading = true;
      state.error = null;
    },
    authFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
});

export const { signedIn, tokenRefreshed, userUpdated, authLoading, authFailed } = authSlice.actions;

export const selectRole = (state: { auth: AuthState }): Role | null => state.auth.user?.role ?? null;
