import type { Permission } from '@schooliko/common/permissions';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { screenAt } from '../../app/screens';

/** At a shared path: the role's home, or the module's page (app/screens.ts, `home`), else /unauthorized. */
export function HomeOrList({ home, list }: { home?: ReactNode; list: ReactNode }) {
  const { pathname } = useLocation();
  const user = useAppSelector((s) => s.auth.user);
  const screen = user ? screenAt(pathname.replace(/\/$/, ''), user.role, user.permissions ?? []) : null;
  if (screen === 'home' && home) return home;
  if (screen === 'list') return list;
  return <Navigate to="/unauthorized" replace />;
}

/** A page that needs any one of these permissions (the server checks again: this only guides). */
export function NeedsPermission({
  permission,
  children,
}: {
  permission: Permission | readonly Permission[];
  children: ReactNode;
}) {
  const held = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const needed = typeof permission === 'string' ? [permission] : permission;
  return needed.some((p) => held.includes(p)) ? children : <Navigate to="/unauthorized" replace />;
}
