import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Payment } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
import { formatDate } from '../people/format';
import { useBounceChequeMutation, useBounceFineQuery } from './exam-fees.api';
import { useCancelReceiptMutation } from './fees.api';
import { usePrintReceipt } from './use-print-receipt';

/** A student's receipts, newest first: print each (again), cancel one with a reason. */
export function ReceiptsTable({ receipts }: { receipts: Payment[] }) {
  const { t, i18n } = useTranslation();
  const mayCancel = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:cancel') ?? false);
  const [cancelling, setCancelling] = useState<Payment | null>(null);
  const [bouncing, setBouncing] = useState<Payment | null>(null);
  const print = usePrintReceipt();
  if (receipts.length === 0)
    return <Typography color="text.secondary">{t('fees.counter.noReceipts')}</Typography>;
  return (
    <>
      <Table
        size="small"
        aria-label={t('fees.counter.receipts')}
        sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('fees.counter.receiptNo')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fees.counter.date')}</TableCell>
            <TableCell align="right">{t('fees.counter.amount')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fees.counter.mode')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {receipts.map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.receipt_no}
                </Typography>
                {p.reversal && (
                  <Typography variant="caption" color="error">
                    {t('fees.counter.cancelledBy', {
                      number: p.reversal.receipt_no,
                      reason: p.reversal.reason,
                    })}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {formatDate(p.paid_on, i18n.language)}
              </TableCell>
              <TableCell align="right">{formatRupees(p.amount_paise)}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t(`fees.modes.${p.mode}`)}
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  {p.status === 'cancelled' && (
                    <Chip
                      size="small"
                      color="error"
                      label={p.reversal?.bounced ? t('fees.bounce.chip') : t('fees.counter.cancelled')}
                    />
                  )}
                  <Button size="small" onClick={() => print.open(p.id)}>
                    {t('fees.counter.print')}
                  </Button>
                  {mayCancel && p.status === 'posted' && (p.mode === 'cheque' || p.mode === 'dd') && (
                    <Button size="small" color="error" onClick={() => setBouncing(p)}>
                      {t('fees.bounce.action')}
                    </Button>
                  )}
                  {mayCancel && p.status === 'posted' && (
                    <Button size="small" color="warning" onClick={() => setCancelling(p)}>
                      {t('fees.counter.cancel')}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {print.error && <Typography color="error">{print.error}</Typography>}
      {cancelling && <CancelDialog receipt={cancelling} onClose={() => setCancelling(null)} />}
      {bouncing && <BounceDialog receipt={bouncing} onClose={() => setBouncing(null)} />}
    </>
  );
}

function CancelDialog({ receipt, onClose }: { receipt: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [cancel, { isLoading }] = useCancelReceiptMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await cancel({ id: receipt.id, reason }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <ConfirmDialog
      title={t('fees.counter.cancelTitle', { number: receipt.receipt_no })}
      text={t('fees.counter.cancelText', { amount: formatRupees(receipt.amount_paise) })}
      action={t('fees.counter.cancelAction')}
      color="warning"
      busy={isLoading}
      disabled={reason.trim().length < 3}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <TextField
        label={t('fees.counter.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        fullWidth
        required
        autoFocus
      />
    </ConfirmDialog>
  );
}

/** A cheque or DD returned unpaid: the bank's reason, and the bounce fine if the school set one. */
function BounceDialog({ receipt, onClose }: { receipt: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const fine = useBounceFineQuery().data ?? 0;
  const [reason, setReason] = useState('');
  const [addFine, setAddFine] = useState(true);
  const [bounce, { isLoading }] = useBounceChequeMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await bounce({ id: receipt.id, bank_reason: reason, add_fine: fine > 0 && addFine }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <ConfirmDialog
      title={t('fees.bounce.title', { number: receipt.receipt_no })}
      text={t('fees.bounce.text', {
        amount: formatRupees(receipt.amount_paise),
        reference: receipt.reference,
      })}
      action={t('fees.bounce.confirm')}
      color="warning"
      busy={isLoading}
      disabled={reason.trim().length < 2}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <TextField
        label={t('fees.bounce.bankReason')}
        placeholder={t('fees.bounce.bankReasonHint')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        fullWidth
        required
        autoFocus
      />
      {fine > 0 && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={addFine} onChange={(e) => setAddFine(e.target.checked)} />}
          label={t('fees.bounce.addFine', { amount: formatRupees(fine) })}
        />
      )}
    </ConfirmDialog>
  );
}
