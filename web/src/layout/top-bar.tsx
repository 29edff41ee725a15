import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '@schooliko/common/auth';
import { DEFAULT_LOGO_URL } from '@schooliko/common/institutes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBranding } from '../features/branding';
import { NotificationBell } from '../features/notifications';
import { SessionChip } from '../features/people';
import { AvatarMenu } from './avatar-menu';
import { FullscreenButton } from './fullscreen-button';
import { LanguageMenu } from './language-menu';
import { QuickCreateMenu } from './quick-create-menu';
import { TOP_BAR_HEIGHT } from './sidebar';
import { homePathFor } from './sidebar-items';
import type { RoleSwitch } from './use-role-switch';
import type { SidebarState } from './use-sidebar';

type Props = {
  user: AuthUser;
  sidebar: SidebarState;
  roleSwitch: RoleSwitch;
  /** Below `sm` the menu button opens the navigation drawer; the logo is only the school's. */
  phone: boolean;
};

/** Spec 2.5: the signed-in top bar, above the sidebar. */
export function TopBar({ user, sidebar, roleSwitch, phone }: Props) {
  const { t } = useTranslation();
  const { branding } = useBranding();
  const toggleLabel = sidebar.collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar');

  const logo = (
    <Box
      component="img"
      src={branding.logo_url || DEFAULT_LOGO_URL}
      alt=""
      sx={{ width: 40, height: 40, objectFit: 'contain', borderRadius: '50%', flexShrink: 0 }}
    />
  );

  return (
    <AppBar
      position="fixed"
      elevation={1}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, bgcolor: 'background.paper', color: 'text.primary' }}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: `${TOP_BAR_HEIGHT}px !important`, px: 1, gap: { xs: 0.25, sm: 1 } }}
      >
        {phone ? (
          <>
            <IconButton
              color="inherit"
              onClick={sidebar.toggle}
              aria-label={t('shell.openMenu')}
              aria-expanded={!sidebar.collapsed}
            >
              <MenuIcon />
            </IconButton>
            {logo}
          </>
        ) : (
          <Tooltip title={toggleLabel}>
            <ButtonBase
              onClick={sidebar.toggle}
              aria-label={`${branding.institute_name}: ${toggleLabel}`}
              aria-expanded={!sidebar.collapsed}
              sx={{ borderRadius: '50%', flexShrink: 0 }}
            >
              {logo}
            </ButtonBase>
          </Tooltip>
        )}
        <Box sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
          <Typography component="p" sx={{ fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }} noWrap>
            {branding.institute_name}
          </Typography>
        </Box>
        <SessionChip />
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t('shell.home')}>
          <IconButton
            color="inherit"
            component={RouterLink}
            to={homePathFor(user.role)}
            aria-label={t('shell.home')}
          >
            <HomeOutlined />
          </IconButton>
        </Tooltip>
        <NotificationBell />
        <LanguageMenu />
        <QuickCreateMenu />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <FullscreenButton />
        </Box>
        <AvatarMenu user={user} roleSwitch={roleSwitch} />
      </Toolbar>
    </AppBar>
  );
}
