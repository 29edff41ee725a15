import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { useBranding } from '../features/branding';
import { useNotificationStream } from '../features/notifications';
import { FOOTER_HEIGHT, Footer } from './footer';
import { PageLoader } from './page-loader';
import { Sidebar, TOP_BAR_HEIGHT } from './sidebar';
import { isDashboardPath } from './sidebar-items';
import { TopBar } from './top-bar';
import { useRoleSwitch } from './use-role-switch';
import { useSidebar } from './use-sidebar';

/**
 * Spec 2.3: every signed-in page — top bar, sidebar, the page, footer. The router mounts it as a
 * pathless layout route inside RequireAuth; pages are its children (or `page`, for an address
 * with no route: app/unknown-address.tsx).
 *
 * The spec offsets the footer 200px beside a 180px sidebar; we offset it by the sidebar's
 * current width (180 or 35) so it neither overlaps the drawer nor leaves a gap. On a phone there is
 * no rail: the page takes the whole width, and the drawer, opened from the top bar's menu button,
 * lies over it and closes after a choice.
 */
export default function AppLayout({ page }: { page?: ReactNode }) {
  const user = useAppSelector((s) => s.auth.user);
  const sidebar = useSidebar();
  const roleSwitch = useRoleSwitch();
  const { branding } = useBranding();
  const { pathname } = useLocation();
  useNotificationStream();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const overlay = phone && !sidebar.collapsed;
  const offset = phone ? 0 : sidebar.width;

  // A link chosen in the phone's open drawer takes the reader to the page, not back to the menu.
  const shownPath = useRef(pathname);
  const { toggle } = sidebar;
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (overlay) toggle();
  }, [pathname, overlay, toggle]);

  // RequireAuth around this layout has already sent anyone signed out to /signin.
  if (!user) return <PageLoader />;
  const showFooter = !isDashboardPath(pathname);
  // On a phone the footer follows the page: a fixed bar would take 45 px of every screen.
  const fixedFooter = !phone;
  const transition = 'margin-left 200ms, left 200ms';

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar user={user} sidebar={sidebar} roleSwitch={roleSwitch} phone={phone} />
      <Sidebar state={sidebar} role={user.role} phone={phone} />
      <Box
        component="main"
        sx={{
          ml: `${offset}px`,
          pt: `${TOP_BAR_HEIGHT}px`,
          pb: showFooter && fixedFooter ? `${FOOTER_HEIGHT}px` : 0,
          minHeight: '100vh',
          transition,
        }}
      >
        <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
          {roleSwitch.switchingTo ? (
            <PageLoader />
          ) : (
            <Suspense fallback={<PageLoader />}>{page ?? <Outlet />}</Suspense>
          )}
        </Box>
      </Box>
      {showFooter && <Footer name={branding.institute_name} offset={offset} fixed={fixedFooter} />}
    </Box>
  );
}
