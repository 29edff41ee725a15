import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/store';
import { useRefreshMutation } from './auth.api';
import { checkToken, TOKEN_CHECK_MS } from './token';
import { useSignOut } from './use-sign-out';

/**
 * Spec 4.2, silently: every 30 s the access token's expiry is read; with 300 s or less left (or
 * already expired) the session is refreshed through the cookie without reloading the page. A
 * failed refresh leads to /signin (through RequireAuth); a token that cannot be decoded ends the
 * session.
 */
export function TokenWatch() {
  const store = useStore<RootState>();
  const signOut = useSignOut();
  const [refresh] = useRefreshMutation();
  const busy = useRef(false);

  useEffect(() => {
    const check = async () => {
      const token = store.getState().auth.accessToken;
      if (!token || busy.current) return;
      const verdict = checkToken(token, Date.now());
      if (verdict === 'ok') return;
      busy.current = true;
      try {
        if (verdict === 'invalid') await signOut();
        // A failed refresh signs the session out; RequireAuth then sends the person to /signin.
        else await refresh();
      } finally {
        busy.current = false;
      }
    };
    const timer = setInterval(() => void check(), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, [store, signOut, refresh]);

  return null;
}
