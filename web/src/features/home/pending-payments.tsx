import CurrencyRupee from '@mui/icons-material/CurrencyRupee';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatCard, useMyDuesQuery } from '../dashboard';

/** Spec 2.13's Pending Payments, for real: what a parent's children owe by today; opens their Fees. */
export function PendingPayments() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useMyDuesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isError) return null;
  return (
    <Card variant="outlined" sx={{ border: 0, height: '100%' }}>
      <CardActionArea component={RouterLink} to="/tuition-fees" sx={{ borderRadius: 1, height: '100%' }}>
        <StatCard
          label={t('dashboard.fees.pendingPayments')}
          value={data ? formatRupees(data.due_paise) : null}
          icon={CurrencyRupee}
          color={data && data.due_paise > 0 ? 'warning' : 'success'}
          loading={isLoading}
          hint={
            data &&
            (data.due_paise > 0 ? t('dashboard.fees.pendingHint') : t('dashboard.fees.nothingPending'))
          }
        />
      </CardActionArea>
    </Card>
  );
}
