import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { useBranding } from '../features/branding/use-branding';
import { useNotificationStream } from '../features/notifications/use-notification-stream';
import { FLOWING_FOOTER_PATHS, FOOTER_HEIGHT, Footer } from './footer';
import { PageLoader } from './page-loader';
import { Sidebar, TOP_BAR_HEIGHT } from './sidebar';
import { isDashboardPath } from './sidebar-items';
import { TopBar } from './top-bar';
import { useRoleSwitch } from './use-role-switch';
import { SIDEBAR_WIDTH, useSidebar } from './use-sidebar';

/**
 * Spec 2.3: every signed-in page — top bar, sidebar, the page, footer. The router mounts it as a
 * pathless layout route inside RequireAuth; pages are its children.
 *
 * The spec offsets the footer 200px beside a 180px sidebar; we offset it by the sidebar's
 * current width (180 or 35) so it neither overlaps the drawer nor leaves a gap. On a phone the
 * expanded drawer lies over the page (which keeps its full width) and closes after a choice.
 */
export default function AppLayout() {
  const user = useAppSelector((s) => s.auth.user);
  const sidebar = useSidebar();
  const roleSwitch = useRoleSwitch();
  const { branding } = useBranding();
  const { pathname } = useLocation();
  useNotificationStream();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const overlay = phone && !sidebar.collapsed;
  const offset = phone ? SIDEBAR_WIDTH.collapsed : sidebar.width;

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
  const fixedFooter = !(phone && FLOWING_FOOTER_PATHS.includes(pathname.replace(/\/$/, '')));
  const transition = 'margin-left 200ms, left 200ms';

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar user={user} sidebar={sidebar} roleSwitch={roleSwitch} />
      <Sidebar state={sidebar} role={user.role} raised={overlay} />
      {phone && (
        <Backdrop
          open={overlay}
          onClick={toggle}
          sx={{ zIndex: (theme) => theme.zIndex.drawer - 1, top: TOP_BAR_HEIGHT }}
        />
      )}
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
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </Box>
      </Box>
      {showFooter && <Footer name={branding.institute_name} offset={offset} fixed={fixedFooter} />}
    </Box>
  );
}
