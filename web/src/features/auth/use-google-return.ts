import { AUTH_MESSAGES } from '@schooliko/common/auth';
import type { GooglePrefill } from '@schooliko/common/google';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { type Said, useMessageText } from '../../kit/forms/messages';
import { toast } from '../../kit/toast/toast.slice';
import { prefillOf, signInReturn } from './google-return';

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
 * /signin after Google (server/src/platform/auth/auth.google.routes.ts): `?google=signed-in` or
 * `?error=<code>` (google-return.ts). The query is removed, so that a
 * reload does not repeat it.
 */
export function useGoogleSignInReturn(fail: (said: Said) => void) {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const tr = useMessageText();
  const { t } = useTranslation();
  useOnce(() => {
    const query = { google: params.get('google'), error: params.get('error') };
    if (query.google === null && query.error === null) return;
    setParams({}, { replace: true });
    void (async () => {
      const outcome = await signInReturn(dispatch, query);
      if (outcome && 'failed' in outcome) fail(outcome.failed);
      else if (outcome)
        dispatch(toast.success(tr(AUTH_MESSAGES.signInSuccess), { title: t('auth.google.signedIn') }));
    })();
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
  const dispatch = useAppDispatch();
  useOnce(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('google');
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void prefillOf(dispatch, token).then((outcome) => {
      if ('failed' in outcome) fail(outcome.failed);
      else prefilled(outcome.person, outcome.said);
    });
  });
}
