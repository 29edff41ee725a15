import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyDues } from '@schooliko/common/fees/dues';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useMyDuesQuery } from '../dashboard';
import { DuesTable } from './dues-table';
import { useDuesQuery, usePaymentsQuery } from './fees.api';
import { ReceiptsTable } from './receipts-table';

/** A parent's Fees (/tuition-fees without fees:collect): each child's dues and receipts. */
export function MyFees() {
  const { t } = useTranslation();
  const mine = useMyDuesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('fees.mine.title')}
      </Typography>
      {mine.isError && <LoadFailed onRetry={() => mine.refetch()} />}
      {mine.isLoading && <Skeleton variant="rectangular" height={160} />}
      {mine.data?.items.length === 0 && <Typography color="text.secondary">{t('fees.mine.none')}</Typography>}
      {mine.data?.items.map((child) => (
        <ChildFees key={child.student_id} child={child} />
      ))}
    </Stack>
  );
}

function ChildFees({ child }: { child: MyDues['items'][number] }) {
  const { t } = useTranslation();
  const dues = useDuesQuery(child.student_id);
  const receipts = usePaymentsQuery({ student_id: child.student_id, limit: 20 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={child.student_name}>
      <Typography variant="h6" component="h2">
        {child.student_name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {[child.class_label, t('fees.mine.dueNow', { amount: formatRupees(child.due_paise) })]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {(dues.isError || receipts.isError) && <Alert severity="error">{t('lists.failed')}</Alert>}
      {dues.isLoading && <Skeleton variant="rectangular" height={120} />}
      {dues.data && <DuesTable dues={dues.data} />}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
        {t('fees.counter.receipts')}
      </Typography>
      {receipts.isLoading && <Skeleton variant="rectangular" height={80} />}
      {receipts.data && <ReceiptsTable receipts={receipts.data.items} />}
    </Paper>
  );
}
