import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { bounceSchema, cancelPaymentSchema, type Payment } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField } from '../../kit/forms/typed-fields';
import { ListTable } from '../../kit/lists/list-table';
import { formatDate } from '../people';
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
  const columns: GridColDef<Payment>[] = [
    {
      field: 'receipt_no',
      headerName: t('fees.counter.receiptNo'),
      renderCell: ({ row: p }) => (
        <>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
            {p.receipt_no}
          </Typography>
          {p.reversal && (
            <Typography variant="caption" color="error">
              {t('fees.counter.cancelledBy', { number: p.reversal.receipt_no, reason: p.reversal.reason })}
            </Typography>
          )}
        </>
      ),
    },
    {
      field: 'paid_on',
      headerName: t('fees.counter.date'),
      valueFormatter: (v: string) => formatDate(v, i18n.language),
    },
    {
      field: 'amount_paise',
      headerName: t('fees.counter.amount'),
      align: 'right',
      valueFormatter: (v: number) => formatRupees(v),
    },
    { field: 'mode', headerName: t('fees.counter.mode'), valueGetter: (_v, p) => t(`fees.modes.${p.mode}`) },
    {
      field: 'actions',
      headerName: '',
      align: 'right',
      renderCell: ({ row: p }) => (
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: { xs: 'flex-start', sm: 'flex-end' }, alignItems: 'center' }}
        >
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
      ),
    },
  ];
  return (
    <>
      <ListTable
        label={t('fees.counter.receipts')}
        rows={receipts}
        columns={columns}
        card={{
          title: 'receipt_no',
          subtitle: ['paid_on', 'mode'],
          facts: ['amount_paise'],
          actions: 'actions',
        }}
        empty={t('fees.counter.noReceipts')}
      />
      {print.error && <Typography color="error">{print.error}</Typography>}
      {cancelling && <CancelDialog receipt={cancelling} onClose={() => setCancelling(null)} />}
      {bouncing && <BounceDialog receipt={bouncing} onClose={() => setBouncing(null)} />}
    </>
  );
}

function CancelDialog({ receipt, onClose }: { receipt: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const [cancel] = useCancelReceiptMutation();
  const schemaForm = useSchemaForm({
    schema: cancelPaymentSchema,
    defaultValues: { reason: '' },
    fallback: t('lists.failed'),
    send: async ({ reason }) => {
      await cancel({ id: receipt.id, reason }).unwrap();
      onClose();
    },
  });
  const reason = useWatch({ control: schemaForm.form.control, name: 'reason' });
  return (
    <SchemaFormDialog
      schemaForm={schemaForm}
      title={t('fees.counter.cancelTitle', { number: receipt.receipt_no })}
      cancel={t('people.cancel')}
      action={t('fees.counter.cancelAction')}
      disabled={reason.trim().length < 3}
      maxWidth="xs"
      onClose={onClose}
    >
      <Alert severity="warning">
        {t('fees.counter.cancelText', { amount: formatRupees(receipt.amount_paise) })}
      </Alert>
      <RhfTextField name="reason" size="medium" label={t('fees.counter.reason')} required autoFocus />
    </SchemaFormDialog>
  );
}

type BounceValues = { bank_reason: string; add_fine: boolean };

/** A cheque or DD returned unpaid: the bank's reason, and the bounce fine if the school set one. */
function BounceDialog({ receipt, onClose }: { receipt: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const fine = useBounceFineQuery().data ?? 0;
  const [bounce] = useBounceChequeMutation();
  const schemaForm = useSchemaForm({
    schema: bounceSchema,
    defaultValues: { bank_reason: '', add_fine: true },
    toInput: (values: BounceValues) => ({ ...values, add_fine: fine > 0 && values.add_fine }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await bounce({ id: receipt.id, ...body }).unwrap();
      onClose();
    },
  });
  const reason = useWatch({ control: schemaForm.form.control, name: 'bank_reason' });
  return (
    <SchemaFormDialog
      schemaForm={schemaForm}
      title={t('fees.bounce.title', { number: receipt.receipt_no })}
      cancel={t('people.cancel')}
      action={t('fees.bounce.confirm')}
      disabled={reason.trim().length < 2}
      maxWidth="xs"
      onClose={onClose}
    >
      <Alert severity="warning">
        {t('fees.bounce.text', {
          amount: formatRupees(receipt.amount_paise),
          reference: receipt.reference,
        })}
      </Alert>
      <RhfTextField<BounceValues>
        name="bank_reason"
        size="medium"
        label={t('fees.bounce.bankReason')}
        placeholder={t('fees.bounce.bankReasonHint')}
        required
        autoFocus
      />
      {fine > 0 && (
        <RhfCheckField<BounceValues>
          name="add_fine"
          label={t('fees.bounce.addFine', { amount: formatRupees(fine) })}
        />
      )}
    </SchemaFormDialog>
  );
}
