import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageLoader } from '../../layout/page-loader';
import { roleAllowed } from './access';
import { useRefreshMutation } from './auth.api';
import type { FromState } from './guest-only';
import { TokenWatch } from './token-watch';

// Set inside a guard, so a nested guard does not start a second token watch.
const Guarded = createContext(false);

type Props = { roles?: readonly string[]; children: ReactNode };

/**
 * Spec 6.2 route guard: `<RequireAuth roles={ROUTE_ROLES.teacher}>…</RequireAuth>`. Not signed in:
 * /signin, remembering where the person was going. Signed in with a role not in `roles`
 * (compared case-insensitively): /unauthorized. After a reload the access token is fetched
 * again through the refresh cookie before the page shows. Keeps the token fresh while mounted.
 */
export function RequireAuth({ roles, children }: Props) {
  const user = useAppSelector((s) => s.auth.user);
  const hasToken = useAppSelector((s) => s.auth.accessToken !== null);
  const location = useLocation();
  const [refresh] = useRefreshMutation();
  const restoring = user !== null && !hasToken;
  const nested = useContext(Guarded);

  useEffect(() => {
    if (restoring) void refresh();
  }, [restoring, refresh]);

  if (!user) {
    const from: FromState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/signin" replace state={from} />;
  }
  if (!roleAllowed(user.role, roles)) return <Navigate to="/unauthorized" replace />;
  if (restoring) return <PageLoader />;
  return (
    <Guarded value>
      {!nested && <TokenWatch />}
      {children}
    </Guarded>
  );
}
