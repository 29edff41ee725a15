import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@schooliko/common/fees/money';
import type { FlaggedPayment } from '@schooliko/common/fees/refunds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { formatWhen } from '../../app/format-when';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useFlaggedPaymentsQuery, useRefundPaymentMutation } from './refunds.api';

/** Dues › Online refunds: payments the gateway took that posted no receipt, refunded once each. */
export function RefundsTab() {
  const { t, i18n } = useTranslation();
  const list = useFlaggedPaymentsQuery();
  const [refunding, setRefunding] = useState<FlaggedPayment | null>(null);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('fees.refunds.title')}
      </Typography>
      <Typography color="text.secondary">{t('fees.refunds.intro')}</Typography>
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.isLoading && <Skeleton variant="rectangular" height={120} />}
      {list.data?.length === 0 && <Typography color="text.secondary">{t('fees.refunds.none')}</Typography>}
      {!!list.data?.length && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('fees.refunds.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fees.refunds.payment')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('fees.refunds.received')}
                </TableCell>
                <TableCell align="right">{t('fees.refunds.amount')}</TableCell>
                <TableCell>{t('fees.refunds.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((p) => (
                <TableRow key={p.payment_id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {p.payment_id}
                    {p.order_id && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {t('fees.refunds.order')}: {p.order_id}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatWhen(p.received_at, i18n.language)}
                  </TableCell>
                  <TableCell align="right">{formatRupees(p.amount_paise)}</TableCell>
                  <TableCell>
                    {p.refund?.state === 'processed' ? (
                      <Chip
                        size="small"
                        color="success"
                        label={t('fees.refunds.processed', { id: p.refund.refund_id })}
                      />
                    ) : (
                      <Button size="small" variant="outlined" color="warning" onClick={() => setRefunding(p)}>
                        {t('fees.refunds.refund')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </Stack>
  );
}

function RefundDialog({ payment, onClose }: { payment: FlaggedPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const [refund, { isLoading }] = useRefundPaymentMutation();
  const [error, setError] = useState<string | null>(null);
  const amount = formatRupees(payment.amount_paise);
  const confirm = async () => {
    setError(null);
    try {
      await refund({ payment_id: payment.payment_id }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <ConfirmDialog
      title={t('fees.refunds.confirmTitle', { amount })}
      text={t('fees.refunds.confirmText', { amount, payment: payment.payment_id })}
      action={t('fees.refunds.confirm')}
      color="warning"
      busy={isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
