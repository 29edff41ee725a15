import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { AuthUser, Role } from '@schooliko/common/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PhotoAvatar } from '../app/photo-avatar';
import { useSignOut } from '../features/auth';
import type { RoleSwitch } from './use-role-switch';

export function initialsOf(user: Pick<AuthUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${user.first_name.trim()[0] ?? ''}${user.last_name.trim()[0] ?? ''}`;
  return (letters || user.email[0] || '?').toUpperCase();
}

/**
 * Spec 2.5: name and role; Switch Role when the user holds several roles here (it really
 * switches: fresh token, that role's home); Profile Settings (everyone's own details
 * and password, /profile-settings); Logout.
 */
export function AvatarMenu({ user, roleSwitch }: { user: AuthUser; roleSwitch: RoleSwitch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const switching = roleSwitch.switchingTo !== null;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const chooseRole = (role: Role) => {
    close();
    if (role !== user.role) void roleSwitch.switchTo(role);
  };

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('shell.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        sx={{ p: 0.5 }}
      >
        <PhotoAvatar
          url={user.photo_url}
          alt={user.full_name}
          sx={{
            width: 34,
            height: 34,
            // One shade darker than the spec's green so the white initials read (WCAG AA).
            bgcolor: 'success.main',
            color: 'common.white',
            fontSize: 15,
            fontWeight: 600,
          }}
        >
          {initialsOf(user)}
        </PhotoAvatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 230, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {user.full_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`common.roles.${user.role}`)}
          </Typography>
        </Box>
        <Divider />
        {user.roles.length > 1 && [
          <ListSubheader
            key="switch-title"
            sx={{ lineHeight: '32px', display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <SwapHoriz fontSize="small" />
            {t('shell.switchRole')}
          </ListSubheader>,
          ...user.roles.map((role) => (
            <MenuItem
              key={role}
              selected={role === user.role}
              disabled={switching}
              onClick={() => chooseRole(role)}
              aria-current={role === user.role ? 'true' : undefined}
            >
              <ListItemIcon>{role === user.role && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText primary={t(`common.roles.${role}`)} />
            </MenuItem>
          )),
          <Divider key="switch-end" />,
        ]}
        <MenuItem
          onClick={() => {
            close();
            navigate('/profile-settings');
          }}
        >
          <ListItemIcon>
            <ManageAccounts fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.profileSettings')} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.logout')} />
        </MenuItem>
      </Menu>
    </>
  );
}
