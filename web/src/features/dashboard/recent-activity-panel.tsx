import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CurrencyRupee from '@mui/icons-material/CurrencyRupee';
import GroupAdd from '@mui/icons-material/GroupAdd';
import HowToReg from '@mui/icons-material/HowToReg';
import PersonAdd from '@mui/icons-material/PersonAdd';
import School from '@mui/icons-material/School';
import Send from '@mui/icons-material/Send';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { Activity, ActivityKind } from '@schooliko/common/dashboard';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../app/format-when';
import { timeAgo } from '../../kit/time-ago';

const ICONS: Record<ActivityKind, { icon: typeof SvgIcon; color: string }> = {
  'member-signed-up': { icon: PersonAdd, color: 'info.main' },
  'member-approved': { icon: HowToReg, color: 'success.main' },
  'member-rejected': { icon: Cancel, color: 'error.main' },
  'group-created': { icon: GroupAdd, color: 'primary.main' },
  'group-join-requested': { icon: Send, color: 'info.main' },
  'group-join-approved': { icon: CheckCircle, color: 'success.main' },
  'group-join-rejected': { icon: Cancel, color: 'error.main' },
  'pupil-admitted': { icon: School, color: 'primary.main' },
  'fee-received': { icon: CurrencyRupee, color: 'success.main' },
};

type Props = { items: Activity[] | undefined; loading: boolean };

/** The admin dashboard's recent activity at the institute, newest first: sign-ups, groups and the school's own work. */
export function RecentActivityPanel({ items, loading }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, height: '100%' }}
      component="section"
      aria-labelledby="activity-title"
    >
      <Typography id="activity-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dashboard.admin.recentActivity')}
      </Typography>
      {loading && (
        <>
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </>
      )}
      {!loading && items?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {t('dashboard.admin.noActivity')}
        </Typography>
      )}
      {!loading && items && items.length > 0 && (
        <List dense disablePadding data-testid="recent-activity">
          {items.map((item) => {
            const { icon: Icon, color } = ICONS[item.kind];
            const roles = item.roles.map((r) => t(`common.roles.${r}`)).join(', ');
            return (
              <ListItem key={item.id} disableGutters>
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'grey.100', color }}>
                    <Icon fontSize="small" />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={t(`dashboard.admin.activity.${item.kind}`, {
                    name: item.actor_name,
                    roles,
                    group: item.group_name ?? '',
                    pupil: item.subject ?? '',
                    amount: item.amount_paise === null ? '' : formatRupees(item.amount_paise),
                  })}
                  secondary={
                    <time dateTime={item.at} title={formatWhen(item.at, i18n.language)}>
                      {timeAgo(item.at, i18n.language)}
                    </time>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
