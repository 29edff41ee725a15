import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { NotificationActionName, NotificationItem } from '@schooliko/common/notifications';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { formatWhen } from '../../app/format-when';
import { useAppDispatch } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { toast } from '../../kit/toast/toast.slice';
import { useActOnNotificationMutation, useMarkAsReadMutation } from './notifications.api';

/**
 * One notification: New chip while unread, Approve / Reject while its request is open, and once
 * anyone has acted, Approved or Rejected with who and when.
 */
export function NotificationRow({ item, divider }: { item: NotificationItem; divider: boolean }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [markAsRead, { isLoading: marking }] = useMarkAsReadMutation();
  const [act, { isLoading: acting, originalArgs }] = useActOnNotificationMutation();
  const unread = item.status === 'unread';

  const read = async () => {
    try {
      await markAsRead(item._id).unwrap();
    } catch (error) {
      // Spec 8.7: a failed mark-as-read is only logged.
      console.error('markAsRead failed', error);
    }
  };

  const decide = async (action: NotificationActionName) => {
    try {
      const { message } = await act({ id: item._id, action }).unwrap();
      // At the bottom: a toast at the top would cover the panel's header (Mark all as read).
      dispatch(
        toast.success(
          message ?? t(action === 'approve' ? 'notifications.approved' : 'notifications.rejected'),
          {
            placement: 'bottom',
          },
        ),
      );
    } catch (error) {
      const failure = failureOf(error, t('notifications.actionFailed'));
      dispatch(toast.error(messageText(t, failure.message, failure.coded), { placement: 'bottom' }));
    }
  };

  return (
    <ListItem
      divider={divider}
      alignItems="flex-start"
      sx={{ bgcolor: unread ? 'action.hover' : undefined, py: 1.25, pr: 1 }}
      data-testid="notification-item"
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500, flexGrow: 1, minWidth: 0 }}>
            {item.title}
          </Typography>
          {unread && <Chip label={t('notifications.new')} color="primary" size="small" sx={{ height: 20 }} />}
          {item.acted_action && (
            <Chip
              label={t(`notifications.outcome.${item.acted_action}`)}
              color={item.acted_action === 'approve' ? 'success' : 'error'}
              variant="outlined"
              size="small"
              sx={{ height: 20 }}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
          {item.message}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatWhen(item.createdAt, i18n.language)}
        </Typography>
        {item.acted_action && item.acted_at && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t(`notifications.actedBy.${item.acted_action}`, {
              name: item.acted_by ?? t('notifications.someone'),
              when: formatWhen(item.acted_at, i18n.language),
            })}
          </Typography>
        )}
        {item.actions.length > 0 && (
          <Stack direction="row" sx={{ gap: 1, mt: 1 }}>
            {item.actions.includes('approve') && (
              <Button
                size="small"
                variant="contained"
                color="secondary"
                disabled={acting}
                onClick={() => decide('approve')}
              >
                {acting && originalArgs?.action === 'approve'
                  ? t('notifications.working')
                  : t('notifications.approve')}
              </Button>
            )}
            {item.actions.includes('reject') && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                disabled={acting}
                onClick={() => decide('reject')}
              >
                {acting && originalArgs?.action === 'reject'
                  ? t('notifications.working')
                  : t('notifications.reject')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
      {unread && (
        <Tooltip title={t('notifications.markAsRead')}>
          <IconButton
            size="small"
            onClick={read}
            disabled={marking}
            aria-label={t('notifications.markAsReadOf', { title: item.title })}
          >
            <MarkEmailRead fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </ListItem>
  );
}
