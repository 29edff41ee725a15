import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { HomeNotification } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { timeAgo } from '../../../kit/time-ago';
import { Panel } from './panel';

/** Recent notifications (spec 2.13's notices, meetings and payments), unread ones in bold. */
export function NotificationsPanel({ items }: { items: HomeNotification[] | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Panel
      id="home-notifications"
      title={t('academics.home.notifications.title')}
      loading={!items}
      empty={items?.length ? null : t('academics.home.notifications.empty')}
    >
      <List dense disablePadding aria-label={t('academics.home.notifications.title')}>
        {items?.map((n) => (
          <ListItem key={n.id} disableGutters sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <ListItemText
              sx={{ my: 0.25, minWidth: 0, flex: 1 }}
              primary={n.title}
              slotProps={{ primary: { sx: { fontWeight: n.unread ? 700 : 400 } } }}
              secondary={`${n.message} · ${timeAgo(n.created_at, i18n.language)}`}
            />
            <Chip
              size="small"
              variant="outlined"
              label={t(`academics.home.notifications.kinds.${n.category}`)}
            />
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}
