import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COUNTER_MODES, paymentInputSchema } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfMoneyField } from '../../kit/forms/typed-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { certificatePath } from './concessions.api';
import { DuesTable } from './dues-table';
import { EarlierInstalments } from './earlier-instalments';
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
  const configures = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
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
        {configures && <EarlierInstalments studentId={student.id} />}
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

type CollectValues = { amount_paise: number | null; mode: (typeof COUNTER_MODES)[number]; reference: string };
const noPayment: CollectValues = { amount_paise: null, mode: 'cash', reference: '' };

function CollectForm({ student, totalDue }: { student: PickedStudent; totalDue: number }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [issued, setIssued] = useState<{ id: string; receipt_no: string } | null>(null);
  const [collect] = useCollectMutation();
  const print = usePrintReceipt();
  const { form, submit, alert } = useSchemaForm({
    schema: paymentInputSchema,
    defaultValues: noPayment,
    toInput: (values: CollectValues) => ({
      ...values,
      amount_paise: values.amount_paise ?? Number.NaN,
      student_id: student.id,
    }),
    fallback: t('lists.failed'),
    send: async (body) => {
      setIssued(await collect(body).unwrap());
      setAsking(false);
      form.reset({ ...noPayment, mode: body.mode });
    },
  });
  const [paise, mode, reference] = useWatch({
    control: form.control,
    name: ['amount_paise', 'mode', 'reference'],
  });
  const valid = paise !== null && Number.isInteger(paise) && paise > 0;
  const amountError = paise !== null && !valid ? t('fees.counter.amountInvalid') : '';
  const ready = valid && (mode === 'cash' || reference.trim() !== '');
  // The payment is checked before it is asked about; a field the server refuses shows beside it.
  const confirm = async () => {
    await submit();
    if (Object.keys(form.formState.errors).length > 0) setAsking(false);
  };

  return (
    <FormProvider {...form}>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="form"
        noValidate
        aria-label={t('fees.counter.collect')}
        onSubmit={form.handleSubmit(() => setAsking(true))}
      >
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
          <RhfMoneyField<CollectValues>
            name="amount_paise"
            size="medium"
            fullWidth={false}
            label={t('fees.counter.amountRupees')}
            error={amountError !== ''}
            helperText={
              amountError ||
              (totalDue > 0
                ? t('fees.counter.dueNow', { amount: formatRupees(totalDue) })
                : t('fees.counter.nothingDue'))
            }
            sx={{ minWidth: 180 }}
          />
          <RhfSelectField<CollectValues>
            name="mode"
            size="medium"
            fullWidth={false}
            label={t('fees.counter.mode')}
            options={COUNTER_MODES.map((m) => ({ value: m, label: t(`fees.modes.${m}`) }))}
            sx={{ minWidth: 150 }}
          />
          {mode !== 'cash' && (
            <RhfTextField<CollectValues>
              name="reference"
              size="medium"
              label={t(`fees.referenceFor.${mode}`)}
              required
              sx={{ flexGrow: 1 }}
            />
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {totalDue > 0 && (
            <Button variant="outlined" onClick={() => form.setValue('amount_paise', totalDue)}>
              {t('fees.counter.payAll')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={!ready}>
            {t('fees.counter.collectButton')}
          </Button>
        </Stack>
        {print.error && <Alert severity="error">{print.error}</Alert>}
        {asking && valid && (
          <ConfirmDialog
            title={t('fees.counter.confirmTitle')}
            text={t('fees.counter.confirmText', {
              amount: formatRupees(paise),
              mode: t(`fees.modes.${mode}`),
              name: student.full_name,
            })}
            action={t('fees.counter.collectButton')}
            busy={form.formState.isSubmitting}
            error={alert}
            onConfirm={() => void confirm()}
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
    </FormProvider>
  );
}
