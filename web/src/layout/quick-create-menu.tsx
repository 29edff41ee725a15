import AddCircle from '@mui/icons-material/AddCircle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { canOpen } from './sidebar-items';

/**
 * Spec 2.5's quick-create items and the screens they will open. Until a screen exists (see
 * AVAILABLE_ROUTES) its item is disabled and says so, rather than doing nothing.
 */
export const QUICK_CREATE = [
  { key: 'admission', path: '/admission' },
  { key: 'salaryPayment', path: '/salary-payment' },
  { key: 'leaveTracker', path: '/leave-tracker' },
  { key: 'dueFeesInvoice', path: '/due-fees-invoice' },
  { key: 'feesPayInvoice', path: '/fees-pay-invoice' },
] as const;

export function QuickCreateMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useAppSelector((s) => s.auth.user?.role);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Tooltip title={anchor ? '' : t('shell.quickCreate')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('shell.quickCreate')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
        >
          <AddCircle />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader sx={{ lineHeight: '36px' }}>{t('shell.quickCreate')}</ListSubheader>
        {QUICK_CREATE.map((item) => {
          const enabled = role !== undefined && canOpen(item.path, role);
          return (
            <MenuItem
              key={item.key}
              disabled={!enabled}
              onClick={() => {
                setAnchor(null);
                navigate(item.path);
              }}
            >
              <ListItemText
                primary={t(`shell.quickCreateItems.${item.key}`)}
                secondary={enabled ? undefined : t('shell.notEnabled')}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
