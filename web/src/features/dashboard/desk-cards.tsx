import ContactPhone from '@mui/icons-material/ContactPhone';
import ReportProblem from '@mui/icons-material/ReportProblem';
import type { DeskCards as Figures } from '@schooliko/common/desk/cards';
import { useTranslation } from 'react-i18next';
import { StatCard } from './stat-card';

/** The reception desk's cards: new enquiries and open complaints (committee ones: members only). */
export function DeskCards({ desk, loading }: { desk: Figures | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {desk?.new_enquiries !== null && (
        <StatCard
          label={t('dashboard.desk.newEnquiries')}
          value={desk?.new_enquiries ?? null}
          icon={ContactPhone}
          color="info"
          loading={loading}
          hint={t('dashboard.desk.newEnquiriesHint')}
        />
      )}
      {desk?.open_complaints !== null && (
        <StatCard
          label={t('dashboard.desk.openComplaints')}
          value={desk?.open_complaints ?? null}
          icon={ReportProblem}
          color="warning"
          loading={loading}
          hint={t('dashboard.desk.openComplaintsHint')}
        />
      )}
    </>
  );
}
