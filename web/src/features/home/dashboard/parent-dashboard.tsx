import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import type { HomeDashboard } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { StatCard } from '../../dashboard';
import { PendingPayments } from '../pending-payments';
import { ChildrenPanel } from './children-panel';
import { EventsPanel, EventsStat } from './events-panel';
import { PanelGrid, StatRow } from './layout';
import { NotificationsPanel } from './notifications-panel';

/**
 * Spec 2.13's parent dashboard: Children, Pending Payments (the fees API's own card), Unread
 * Messages, Upcoming Events; the children and recent notifications. The lead adds each child's
 * grade and attendance in ChildrenPanel.
 */
export function ParentDashboard({ data, loading }: { data: HomeDashboard | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const fees = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:read:own') ?? false);
  const unread = data?.unread_messages ?? null;
  return (
    <>
      <StatRow>
        <StatCard
          label={t('academics.home.children.title')}
          value={data?.children?.length ?? null}
          icon={FamilyRestroom}
          loading={loading}
        />
        {fees && <PendingPayments />}
        <StatCard
          label={t('academics.home.notifications.unread')}
          value={unread}
          icon={MarkEmailUnread}
          color={unread ? 'warning' : 'success'}
          loading={loading}
          hint={t('academics.home.notifications.unreadHint')}
        />
        <EventsStat events={data?.upcoming_events} loading={loading} />
      </StatRow>
      <PanelGrid>
        <ChildrenPanel items={data?.children} />
        <NotificationsPanel items={data?.recent_notifications} />
        <EventsPanel events={data?.upcoming_events} />
      </PanelGrid>
    </>
  );
}
