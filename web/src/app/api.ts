import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import type { AuthUser, Tokens } from '@schooliko/common/auth';
import type { Ok } from '@schooliko/common/http';
import type { AuthState } from '../features/auth/auth.slice';
import { signedOut, tokenRefreshed } from '../features/auth/auth.slice';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { auth: AuthState }).auth.accessToken;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

type RefreshAnswer = Ok<Tokens & { user?: AuthUser }>;

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the httpOnly refresh cookie for a new access token, once at a time per tab. A 409
 * means another tab rotated the token a moment ago: its cookie is ours now, so try once more.
 */
export function refreshSession(api: Parameters<BaseQueryFn>[1]): Promise<boolean> {
  refreshing ??= (async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await rawBaseQuery({ url: '/auth/refresh', method: 'POST', body: {} }, api, {});
      if (result.data) {
        const { accessToken, user } = (result.data as RefreshAnswer).data;
        api.dispatch(tokenRefreshed({ accessToken, user }));
        return true;
      }
      if (result.error?.status !== 409) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    api.dispatch(signedOut());
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Every call: with the access token; on a 401 for a signed-in user, refresh silently and retry. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const auth = () => (api.getState() as { auth: AuthState }).auth;
  const url = typeof args === 'string' ? args : args.url;
  const isAuthCall = url.startsWith('/auth/');
  if (auth().user && !auth().accessToken && !isAuthCall) await refreshSession(api);
  let result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && auth().user && !isAuthCall) {
    if (await refreshSession(api)) result = await rawBaseQuery(args, api, extra);
  }
  return result;
};

/** The one RTK Query API; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: 60,
  tagTypes: ['Me', 'Notifications', 'Groups', 'JoinRequests', 'Institutes', 'Domains', 'Website', 'Profile'],
  endpoints: () => ({}),
});

type Failure<M> = { status: number | string | null; message: M; errors: Record<string, string> };

/**
 * A failed call as people read it (spec 8.2): its status, the server's message (else `fallback`,
 * for a network failure; without one, null) and the field errors it sent.
 */
export function failureOf(error: unknown): Failure<string | null>;
export function failureOf(error: unknown, fallback: string): Failure<string>;
export function failureOf(error: unknown, fallback?: string): Failure<string | null> {
  const e = error as { status?: unknown; data?: { message?: unknown; errors?: unknown } } | undefined;
  const status = typeof e?.status === 'number' || typeof e?.status === 'string' ? e.status : null;
  const message =
    typeof e?.data?.message === 'string' && e.data.message ? e.data.message : (fallback ?? null);
  const errors: Record<string, string> = {};
  const raw = e?.data?.errors;
  if (raw && typeof raw === 'object')
    for (const [k, v] of Object.entries(raw as Record<string, unknown>))
      if (typeof v === 'string') errors[k] = v;
  return { status, message, errors };
}
