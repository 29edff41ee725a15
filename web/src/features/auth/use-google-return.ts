import { AUTH_MESSAGES, GOOGLE_SIGNED_IN, type GooglePrefill } from '@schooliko/common/auth';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import type { Said } from '../forms/messages';
import { useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useGooglePrefillMutation, useRefreshMutation } from './auth.api';

/** The text of one of the auth codes the server sends back in `?error=` (nothing else is shown). */
export function authMessageOf(code: string | null): string | null {
  if (!code?.startsWith('auth.')) return null;
  const text = (AUTH_MESSAGES as Record<string, unknown>)[code.slice('auth.'.length)];
  return typeof text === 'string' ? text : null;
}

/** Runs `effect` once per page visit (React's development double mount included). */
function useOnce(effect: () => void) {
  const done = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  }, []);
}

/**
 * /signin after Google (server/src/modules/auth/auth.google.routes.ts): `?google=signed-in` takes
 * up the session whose refresh cookie the server set (GuestOnly then goes to the role's home);
 * `?error=<code>` is said through `fail`. The query is removed, so a reload does not repeat it.
 */
export function useGoogleSignInReturn(fail: (said: Said) => void) {
  const [params, setParams] = useSearchParams();
  const [refresh] = useRefreshMutation();
  const dispatch = useAppDispatch();
  const tr = useMessageText();
  const { t } = useTranslation();
  useOnce(() => {
    const google = params.get('google');
    const error = authMessageOf(params.get('error'));
    if (!google && !params.has('error')) return;
    setParams({}, { replace: true });
    if (error) return fail({ message: error });
    if (google !== GOOGLE_SIGNED_IN) return;
    void refresh()
      .unwrap()
      .then((ok) => {
        if (ok)
          dispatch(toast.success(tr(AUTH_MESSAGES.signInSuccess), { title: t('auth.google.signedIn') }));
        else fail({ message: AUTH_MESSAGES.googleExpired });
      });
  });
}

/**
 * /signup after Google, for a person with no account here: `#google=<token>` is traded for the
 * name and email Google verified (the token is signed; the page shows only what the server
 * confirms). The fragment never reaches a server's logs, and is removed at once.
 */
export function useGooglePrefill(
  prefilled: (person: GooglePrefill, said: Said) => void,
  fail: (said: Said) => void,
) {
  const [prefill] = useGooglePrefillMutation();
  useOnce(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('google');
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void prefill({ token })
      .unwrap()
      .then(
        (answer) => prefilled(answer.data, { message: answer.message ?? AUTH_MESSAGES.googleSignUp }),
        (error) => {
          const failure = failureOf(error, AUTH_MESSAGES.googleSignUpExpired);
          fail({ message: failure.message, coded: failure.coded });
        },
      );
  });
}
