import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import type { AuthUser, Tokens } from '@schooliko/common/auth';
import type { Ok } from '@schooliko/common/http';
import { type Coded, Message, type MessageParams } from '@schooliko/common/messages';
import type { AuthState } from '../features/auth/auth.slice';
import { tokenRefreshed } from '../features/auth/auth.slice';
import { signedOut } from '../kit/session';

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
 * Trades the httpOnly refresh cookie for a new access token, once at a time per tab. The server
 * answers a token rotated moments ago (another tab, a reload mid-refresh) with a sibling, so a
 * failure here means the session is really over.
 */
export function refreshSession(api: Parameters<BaseQueryFn>[1]): Promise<boolean> {
  refreshing ??= (async () => {
    const result = await rawBaseQuery({ url: '/auth/refresh', method: 'POST', body: {} }, api, {});
    if (result.data) {
      const { accessToken, user } = (result.data as RefreshAnswer).data;
      api.dispatch(tokenRefreshed({ accessToken, user }));
      return true;
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

export type Failure<M> = {
  status: number | string | null;
  message: M;
  /** The message's code and values (common/src/messages.ts), when the server answered one. */
  coded: Coded | undefined;
  errors: Record<string, string>;
  codes: Record<string, Coded>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function codedOf(value: unknown): Coded | undefined {
  if (!isRecord(value) || typeof value.code !== 'string') return undefined;
  return isRecord(value.params)
    ? { code: value.code, params: value.params as MessageParams }
    : { code: value.code };
}

/**
 * A failed call as people read it (spec 8.2): its status, the server's message (else `fallback`,
 * for a network failure; without one, null) with its code, and the field errors it sent.
 */
export function failureOf(error: unknown): Failure<string | null>;
export function failureOf(error: unknown, fallback: Message | string): Failure<string>;
export function failureOf(error: unknown, fallback?: Message | string): Failure<string | null> {
  const e = error as { status?: unknown; data?: unknown } | undefined;
  const status = typeof e?.status === 'number' || typeof e?.status === 'string' ? e.status : null;
  const data = isRecord(e?.data) ? e.data : {};
  const sent = typeof data.message === 'string' && data.message ? data.message : null;
  const errors: Record<string, string> = {};
  if (isRecord(data.errors))
    for (const [k, v] of Object.entries(data.errors)) if (typeof v === 'string') errors[k] = v;
  const codes: Record<string, Coded> = {};
  if (isRecord(data.codes))
    for (const [k, v] of Object.entries(data.codes)) {
      const coded = codedOf(v);
      if (coded) codes[k] = coded;
    }
  return {
    status,
    message: sent ?? (fallback === undefined ? null : `${fallback}`),
    coded: sent ? codedOf(data) : fallback instanceof Message ? fallback.coded : undefined,
    errors,
    codes,
  };
}
