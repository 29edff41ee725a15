import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { Role } from '@schooliko/common/auth';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../app/hooks';
import {
  canOpen,
  closedReason,
  LABEL_TOOLTIP_AT,
  TOOLTIP_DELAY_MS,
  TOOLTIP_MAX_WIDTH,
} from './sidebar-items';

const NO_PERMISSIONS: readonly string[] = [];

type Props = {
  label: string;
  icon: typeof SvgIcon;
  role: Role;
  collapsed: boolean;
  selected: boolean;
  /** A link to this path when the role may open it; otherwise a disabled item. */
  path?: string;
  child?: boolean;
  /** A parent entry: expands or collapses its children. */
  group?: { open: boolean; controls: string; onClick: () => void };
  trailing?: ReactNode;
  /** Render without the surrounding <li> (the group's own <li> holds it). */
  component?: 'div';
};

/** One sidebar row with the spec's tooltips: collapsed, too long (20 / 18 chars), or not enabled. */
export function SidebarItem({
  label,
  icon: Icon,
  role,
  collapsed,
  selected,
  path,
  child,
  group,
  trailing,
  component,
}: Props) {
  const { t } = useTranslation();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? NO_PERMISSIONS);
  const enabled = group !== undefined || (path !== undefined && canOpen(path, role, permissions));
  const long = label.length > (child ? LABEL_TOOLTIP_AT.child : LABEL_TOOLTIP_AT.entry);
  const note = enabled ? null : t(closedReason(path));
  const showTooltip = collapsed || long || note !== null;

  const rowSx = {
    minHeight: 34,
    pl: child ? '18px' : '7.5px',
    pr: '6px',
    gap: '6px',
    color: 'inherit',
    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'rgba(255,255,255,0.18)' },
    '&:hover': { bgcolor: 'rgba(255,255,255,0.1)' },
    // The theme's dark focus ring would vanish on the dark drawer.
    '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: '-2px' },
    ...(enabled ? {} : { opacity: 0.5, cursor: 'not-allowed', '&:hover': { bgcolor: 'transparent' } }),
  };
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 0, color: 'inherit' }}>
        <Icon sx={{ fontSize: child ? 18 : 20 }} />
      </ListItemIcon>
      {!collapsed && (
        <ListItemText
          primary={label}
          sx={{ my: 0, minWidth: 0 }}
          slotProps={{ primary: { noWrap: true, sx: { fontSize: child ? 12.5 : 13, fontWeight: 500 } } }}
        />
      )}
      {trailing}
    </>
  );

  let button: ReactElement;
  if (group) {
    button = (
      <ListItemButton
        onClick={group.onClick}
        aria-expanded={collapsed ? undefined : group.open}
        aria-controls={collapsed || !group.open ? undefined : group.controls}
        aria-label={collapsed ? label : undefined}
        selected={selected}
        sx={rowSx}
      >
        {content}
      </ListItemButton>
    );
  } else if (enabled && path) {
    button = (
      <ListItemButton
        component={RouterLink}
        to={path}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        aria-label={collapsed ? label : undefined}
        sx={rowSx}
      >
        {content}
      </ListItemButton>
    );
  } else {
    button = (
      <ListItemButton component="div" aria-disabled="true" disableRipple aria-label={label} sx={rowSx}>
        {content}
      </ListItemButton>
    );
  }

  const wrapped = showTooltip ? (
    <Tooltip
      placement="right"
      enterDelay={TOOLTIP_DELAY_MS}
      enterNextDelay={TOOLTIP_DELAY_MS}
      title={
        <>
          {(collapsed || long) && <Box sx={{ fontWeight: 600 }}>{label}</Box>}
          {note && <Box>{note}</Box>}
        </>
      }
      slotProps={{ tooltip: { sx: { maxWidth: TOOLTIP_MAX_WIDTH } } }}
    >
      {button}
    </Tooltip>
  ) : (
    button
  );

  if (component === 'div') return wrapped;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {wrapped}
    </Box>
  );
}
