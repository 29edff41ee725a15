import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { GOOGLE_MESSAGES, GOOGLE_SIGNED_IN, type GooglePrefill } from '@schooliko/common/google';
import type { Ok } from '@schooliko/common/http';
import { Message } from '@schooliko/common/messages';
import { api, failureOf, refreshSession } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import type { Said } from '../../kit/forms/messages';

const googleApi = api.injectEndpoints({
  endpoints: (build) => ({
    googlePrefill: build.mutation<Ok<GooglePrefill>, { token: string }>({
      query: (body) => ({ url: '/auth/google/prefill', method: 'POST', body }),
    }),
    takeSession: build.mutation<boolean, void>({
      queryFn: async (_arg, queryApi) => ({ data: await refreshSession(queryApi) }),
    }),
  }),
});

/** The text of a `google.` or `auth.` code the server sent back in `?error=` (nothing else is shown). */
export function authMessageOf(code: string | null): string | null {
  const [namespace = '', key = '', extra] = (code ?? '').split('.');
  const catalogues: Record<string, Record<string, unknown>> = {
    auth: AUTH_MESSAGES,
    google: GOOGLE_MESSAGES,
  };
  const catalogue = Object.hasOwn(catalogues, namespace) ? catalogues[namespace] : undefined;
  const text = catalogue && extra === undefined && Object.hasOwn(catalogue, key) ? catalogue[key] : null;
  return text instanceof Message ? text.text : null;
}

/**
 * /signin's query after Google: `google=signed-in` takes up the session whose refresh cookie the
 * server set (GuestOnly then goes to the role's home); `error=<code>` is our message to show.
 */
export async function signInReturn(
  dispatch: AppDispatch,
  query: { google: string | null; error: string | null },
): Promise<{ signedIn: true } | { failed: Said } | null> {
  const error = authMessageOf(query.error);
  if (error) return { failed: { message: error } };
  if (query.google !== GOOGLE_SIGNED_IN) return null;
  const taken = await dispatch(googleApi.endpoints.takeSession.initiate()).unwrap();
  return taken ? { signedIn: true } : { failed: { message: GOOGLE_MESSAGES.expired.text } };
}

/** What Google verified about a person signing up, for the token in /signup's `#google=`. */
export async function prefillOf(
  dispatch: AppDispatch,
  token: string,
): Promise<{ person: GooglePrefill; said: Said } | { failed: Said }> {
  try {
    const answer = await dispatch(googleApi.endpoints.googlePrefill.initiate({ token })).unwrap();
    return { person: answer.data, said: { message: answer.message ?? GOOGLE_MESSAGES.signUp.text } };
  } catch (error) {
    const failure = failureOf(error, GOOGLE_MESSAGES.signUpExpired);
    return { failed: { message: failure.message, coded: failure.coded } };
  }
}
