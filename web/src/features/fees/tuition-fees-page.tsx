import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTER_MODES, type PaymentMode } from '@schooliko/common/fees/fees';
import { formatRupees, paiseFromRupees } from '@schooliko/common/fees/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
import { LoadFailed } from '../lists/load-failed';
import { certificatePath } from './concessions.api';
import { DuesTable } from './dues-table';
import { useCollectMutation, useDuesQuery, usePaymentsQuery } from './fees.api';
import { MyFees } from './my-fees';
import { ReceiptsTable } from './receipts-table';
import { classLabel, type PickedStudent, StudentPicker } from './student-picker';
import { usePrintReceipt } from './use-print-receipt';

/** /tuition-fees: the counter for whoever collects; a parent's (or student's) own fees otherwise. */
export default function TuitionFeesPage() {
  const collects = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:collect') ?? false);
  return collects ? <Counter /> : <MyFees />;
}

/**
 * The fee counter: find a student, see their dues by instalment and head, take a payment in any
 * mode (the oldest dues are paid first; anything beyond them is an advance), print the receipt,
 * and see, reprint or cancel the student's earlier receipts.
 */
function Counter() {
  const { t } = useTranslation();
  const [student, setStudent] = useState<PickedStudent | null>(null);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('fees.counter.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <StudentPicker value={student} onChange={setStudent} />
      </Paper>
      {student ? (
        <StudentFees key={student.id} student={student} />
      ) : (
        <Typography color="text.secondary">{t('fees.counter.start')}</Typography>
      )}
    </Stack>
  );
}

function StudentFees({ student }: { student: PickedStudent }) {
  const { t } = useTranslation();
  const dues = useDuesQuery(student.id);
  const receipts = usePaymentsQuery({ student_id: student.id, limit: 20 });
  const certificate = usePrintReceipt(certificatePath);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {student.full_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('fees.counter.studentLine', {
            admission: student.admission_no,
            class: classLabel(student) || '—',
          })}
        </Typography>
        <Button size="small" variant="outlined" sx={{ mb: 1 }} onClick={() => certificate.open(student.id)}>
          {t('fees.counter.certificate80c')}
        </Button>
        {certificate.error && <Alert severity="error">{certificate.error}</Alert>}
        {(dues.isError || receipts.isError) && (
          <LoadFailed
            onRetry={() => {
              void dues.refetch();
              void receipts.refetch();
            }}
          />
        )}
        {dues.isLoading && <Skeleton variant="rectangular" height={120} />}
        {dues.data && <DuesTable dues={dues.data} />}
        {dues.data && dues.data.advance_paise > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('fees.counter.advance', { amount: formatRupees(dues.data.advance_paise) })}
          </Typography>
        )}
      </Paper>
      {dues.data && (
        <CollectForm student={student} totalDue={dues.data.total_due_paise + dues.data.total_fine_paise} />
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('fees.counter.receipts')}
        </Typography>
        {receipts.isLoading && <Skeleton variant="rectangular" height={80} />}
        {receipts.data && <ReceiptsTable receipts={receipts.data.items} />}
      </Paper>
    </Stack>
  );
}

function CollectForm({ student, totalDue }: { student: PickedStudent; totalDue: number }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [reference, setReference] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ id: string; receipt_no: string } | null>(null);
  const [collect, { isLoading }] = useCollectMutation();
  const print = usePrintReceipt();
  const paise = paiseFromRupees(amount);
  const amountError = amount !== '' && (paise === null || paise === 0) ? t('fees.counter.amountInvalid') : '';
  const needsReference = mode !== 'cash' && reference.trim() === '';
  const ready = paise !== null && paise > 0 && !needsReference;

  const submit = async () => {
    if (paise === null) return;
    setError(null);
    try {
      const receipt = await collect({
        student_id: student.id,
        amount_paise: paise,
        mode,
        reference,
      }).unwrap();
      setIssued(receipt);
      setAsking(false);
      setAmount('');
      setReference('');
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" aria-label={t('fees.counter.collect')}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('fees.counter.collect')}
      </Typography>
      {issued && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => print.open(issued.id)}>
              {t('fees.counter.printReceipt')}
            </Button>
          }
        >
          {t('fees.counter.issued', { number: issued.receipt_no })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('fees.counter.amountRupees')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError !== ''}
          helperText={
            amountError ||
            (totalDue > 0
              ? t('fees.counter.dueNow', { amount: formatRupees(totalDue) })
              : t('fees.counter.nothingDue'))
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ minWidth: 180 }}
        />
        <TextField
          select
          label={t('fees.counter.mode')}
          value={mode}
          onChange={(e) => setMode(e.target.value as PaymentMode)}
          sx={{ minWidth: 150 }}
        >
          {COUNTER_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`fees.modes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {mode !== 'cash' && (
          <TextField
            label={t(`fees.referenceFor.${mode}`)}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            required
            sx={{ flexGrow: 1 }}
          />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        {totalDue > 0 && (
          <Button variant="outlined" onClick={() => setAmount((totalDue / 100).toFixed(2))}>
            {t('fees.counter.payAll')}
          </Button>
        )}
        <Button variant="contained" disabled={!ready} onClick={() => setAsking(true)}>
          {t('fees.counter.collectButton')}
        </Button>
      </Stack>
      {print.error && <Alert severity="error">{print.error}</Alert>}
      {asking && paise !== null && (
        <ConfirmDialog
          title={t('fees.counter.confirmTitle')}
          text={t('fees.counter.confirmText', {
            amount: formatRupees(paise),
            mode: t(`fees.modes.${mode}`),
            name: student.full_name,
          })}
          action={t('fees.counter.collectButton')}
          busy={isLoading}
          error={error}
          onConfirm={() => void submit()}
          onClose={() => setAsking(false)}
        >
          {paise > totalDue && (
            <Alert severity="info">
              {t('fees.counter.advanceNote', { amount: formatRupees(paise - totalDue) })}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
