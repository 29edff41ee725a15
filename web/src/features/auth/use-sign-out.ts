import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { forgetSaved } from '../../app/store';
import { signedOut } from '../../kit/session';
import { useSignOutMutation } from './auth.api';

/**
 * Spec 4.1 sign-out: ends the session on the server (revoking the refresh cookie), then forgets
 * everything here — the user, every cached answer, the saved store and session storage —
 * and goes to /signin. The language choice is kept. Works even when the server cannot be reached.
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOut] = useSignOutMutation();

  return useCallback(async () => {
    await signOut()
      .unwrap()
      .catch(() => null);
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    forgetSaved();
    sessionStorage.clear();
    navigate('/signin', { replace: true });
  }, [dispatch, navigate, signOut]);
}
