import { Navigate } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import AppLayout from '../layout/app-layout';
import { NotHerePage } from '../layout/not-here-page';
import { useAppSelector } from './hooks';

/**
 * An address no route matches (router.tsx's catch-all). Signed in, the shell says what is there
 * (a screen not enabled, another role's, or nothing) instead of the public landing page, which
 * looked like being signed out (issue 32); signed out, the landing page as before.
 */
export default function UnknownAddress() {
  const signedIn = useAppSelector((s) => s.auth.user !== null);
  if (!signedIn) return <Navigate to="/" replace />;
  return (
    <RequireAuth>
      <AppLayout page={<NotHerePage />} />
    </RequireAuth>
  );
}
