import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import type { Role } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { SidebarItem } from './sidebar-item';
import { entriesFor, labelOf, type SidebarEntry } from './sidebar-items';
import { SIDEBAR_WIDTH, type SidebarState } from './use-sidebar';

export const TOP_BAR_HEIGHT = 56;

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

type Props = {
  state: SidebarState;
  role: Role;
  /** Below `sm`: no rail; a drawer over the page, opened from the top bar's menu button. */
  phone: boolean;
};

/**
 * Spec 2.2 / 4.4: the permanent left drawer, 180 wide or 35 when collapsed, filtered to the role.
 * On a phone (issue 32, 14) it takes no rail from the page: expanded it lies over the page as a
 * modal drawer below the top bar (a tap beside it, Escape or the menu button closes it), and
 * collapsed it is not there at all.
 */
export function Sidebar({ state, role, phone }: Props) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { collapsed, width } = state;
  const permissions = useAppSelector((s) => s.auth.user?.permissions);
  const toggleLabel = collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar');

  const renderEntry = (entry: SidebarEntry) => {
    const label = labelOf(entry, t, i18n.language);
    if (!entry.children) {
      return (
        <SidebarItem
          key={entry.key}
          label={label}
          icon={entry.icon}
          path={entry.path}
          role={role}
          collapsed={collapsed}
          selected={isActive(pathname, entry.path)}
        />
      );
    }
    const open = state.openGroups.has(entry.key);
    const groupId = `sidebar-group-${entry.key}`;
    return (
      <Box component="li" key={entry.key} sx={{ listStyle: 'none' }}>
        <SidebarItem
          component="div"
          label={label}
          icon={entry.icon}
          role={role}
          collapsed={collapsed}
          selected={collapsed && entry.children.some((c) => isActive(pathname, c.path))}
          group={{
            open,
            controls: groupId,
            onClick: () => (collapsed ? state.expandTo(entry.key) : state.toggleGroup(entry.key)),
          }}
          trailing={
            collapsed ? null : open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />
          }
        />
        {!collapsed && (
          <Collapse in={open} timeout="auto" unmountOnExit>
            <List id={groupId} dense disablePadding aria-label={label}>
              {entry.children.map((child) => (
                <SidebarItem
                  key={child.key}
                  label={labelOf(child, t, i18n.language)}
                  icon={child.icon}
                  path={child.path}
                  role={role}
                  collapsed={false}
                  child
                  selected={isActive(pathname, child.path)}
                />
              ))}
            </List>
          </Collapse>
        )}
      </Box>
    );
  };

  return (
    <Drawer
      variant={phone ? 'temporary' : 'permanent'}
      open={phone ? !collapsed : true}
      onClose={state.toggle}
      slotProps={{
        paper: {
          // On a phone the paper is the drawer's modal dialog, named like the navigation inside it.
          'aria-label': phone ? t('shell.sidebar') : undefined,
          sx: {
            top: TOP_BAR_HEIGHT,
            height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
            width: phone ? SIDEBAR_WIDTH.expanded : width,
            overflowX: 'hidden',
            bgcolor: 'primary.main',
            color: 'common.white',
            borderRight: 0,
            boxShadow: phone ? 8 : 'none',
            transition: (theme) => theme.transitions.create('width', { duration: 200 }),
          },
        },
      }}
    >
      <Box component="nav" aria-label={t('shell.sidebar')}>
        <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', py: 0.5 }}>
          <IconButton
            size="small"
            onClick={state.toggle}
            aria-label={toggleLabel}
            aria-expanded={!collapsed}
            sx={{ color: 'inherit', p: '4px', '&.Mui-focusVisible': { outlineColor: '#fff' } }}
          >
            {collapsed ? <ChevronRight fontSize="small" /> : <ChevronLeft fontSize="small" />}
          </IconButton>
        </Box>
        <List dense disablePadding sx={{ pb: 2 }}>
          {entriesFor(role, permissions).map(renderEntry)}
        </List>
      </Box>
    </Drawer>
  );
}
