import Close from '@mui/icons-material/Close';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsOff from '@mui/icons-material/NotificationsOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../kit/toast/toast.slice';
import { NotificationRow } from './notification-row';
import { useMarkAllAsReadMutation, useNotificationsInfiniteQuery } from './notifications.api';

/** Spec 9: the list's maximum height. */
export const LIST_MAX_HEIGHT = 300;

/** Spec 2.7: the list with New chips, Approve / Reject, mark-as-read, mark-all, close, Load More. */
export function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetching } =
    useNotificationsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markAll, { isLoading: markingAll }] = useMarkAllAsReadMutation();
  const items = data?.pages.flatMap((page) => page.notifications) ?? [];

  const markAllAsRead = async () => {
    try {
      await markAll().unwrap();
    } catch (error) {
      // Spec 8.7: a failed mark-as-read is only logged.
      console.error('markAllAsRead failed', error);
    }
  };

  const loadMore = async () => {
    const result = await fetchNextPage();
    if (result.isError) dispatch(toast.error(t('notifications.loadError')));
  };

  let body: React.ReactNode;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 5 }}>
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  } else if (isError && items.length === 0) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {t('notifications.retry')}
          </Button>
        }
      >
        {t('notifications.loadError')}
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', py: 4, px: 3, gap: 1 }}>
        <NotificationsOff color="disabled" sx={{ fontSize: 40 }} />
        <Typography sx={{ fontWeight: 600 }}>{t('notifications.empty')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('notifications.emptyHint')}
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <>
        <List
          dense
          disablePadding
          sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto' }}
          aria-label={t('notifications.title')}
        >
          {items.map((item, index) => (
            <NotificationRow key={item._id} item={item} divider={index < items.length - 1} />
          ))}
        </List>
        {hasNextPage && (
          <>
            <Divider />
            <Box sx={{ p: 1, textAlign: 'center' }}>
              <Button
                size="small"
                onClick={loadMore}
                disabled={isFetchingNextPage}
                startIcon={isFetchingNextPage ? <CircularProgress size={14} /> : undefined}
              >
                {t('notifications.loadMore')}
              </Button>
            </Box>
          </>
        )}
      </>
    );
  }

  return (
    <Box sx={{ width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxWidth: 380 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('notifications.title')}
        </Typography>
        {isFetching && !isLoading && <CircularProgress size={14} aria-label={t('common.loading')} />}
        <Button
          size="small"
          startIcon={<DoneAll fontSize="small" />}
          onClick={markAllAsRead}
          disabled={unread === 0 || markingAll}
        >
          {t('notifications.markAllAsRead')}
        </Button>
        <Tooltip title={t('notifications.close')}>
          <IconButton size="small" onClick={onClose} aria-label={t('notifications.close')}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Divider />
      {body}
    </Box>
  );
}
