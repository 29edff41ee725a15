import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import { NOTIFICATION_POLL_MS } from '@schooliko/common/notifications';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPanel } from './notification-panel';
import { useUnreadCountQuery } from './notifications.api';

/** Spec 9: the badge shows at most 99 (then "99+"). */
export const BADGE_CAP = 99;

/**
 * Spec 2.5 / 2.7: the bell with its live unread badge, opening the notification panel. The panel
 * is a non-modal popper (not a Popover): a modal would hide the rest of the page, toasts
 * included, from screen readers while it is open. Escape or a click elsewhere closes it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const open = anchor !== null;

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    if (returnFocus) anchor?.focus();
    setAnchor(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close(true);
  };
  // Polled every 120 s (spec 7.4); the live stream refreshes it between polls.
  const { data: unread = 0 } = useUnreadCountQuery(undefined, { pollingInterval: NOTIFICATION_POLL_MS });
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title');

  return (
    <>
      <Tooltip title={open ? '' : t('notifications.title')}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={(e) => (open ? close(false) : setAnchor(e.currentTarget))}
        >
          <Badge badgeContent={unread} max={BADGE_CAP} color="error">
            <NotificationsNone />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popper
        open={open}
        anchorEl={anchor}
        placement="bottom-end"
        transition
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
      >
        {({ TransitionProps }) => (
          <Grow {...TransitionProps} style={{ transformOrigin: 'top right' }}>
            <Paper
              id={panelId}
              ref={panelRef}
              role="dialog"
              aria-label={t('notifications.title')}
              tabIndex={-1}
              elevation={8}
              onKeyDown={onKeyDown}
              sx={{ mt: 1, outline: 'none' }}
            >
              <ClickAwayListener
                onClickAway={(event) => {
                  if (!anchor?.contains(event.target as Node)) close(false);
                }}
              >
                <div>
                  <NotificationPanel unread={unread} onClose={() => close(true)} />
                </div>
              </ClickAwayListener>
            </Paper>
          </Grow>
        )}
      </Popper>
    </>
  );
}
