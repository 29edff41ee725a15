import { roleHome } from '@schooliko/common/auth';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { signedOut } from '../../kit/session';
import { useBootShellDone } from '../branding';
import { mayReturnTo } from './access';

export type FromState = { from?: string } | null;

/**
 * Auth pages are for people who are not signed in (spec 4.1, 6.1): a signed-in person goes to
 * the page they were sent away from when their role may open it, else to their role's home.
 * Without a signed-in user, any stale token is dropped.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.auth.user);
  const staleToken = useAppSelector((s) => !s.auth.user && s.auth.accessToken !== null);
  const dispatch = useAppDispatch();
  const location = useLocation();
  // Sent elsewhere: the static copy of the auth page's hero goes.
  useBootShellDone(user !== null);

  useEffect(() => {
    if (staleToken) dispatch(signedOut());
  }, [staleToken, dispatch]);

  if (user) {
    const from = (location.state as FromState)?.from;
    return <Navigate to={mayReturnTo(user.role, from) ? from : roleHome(user.role)} replace />;
  }
  return children;
}
