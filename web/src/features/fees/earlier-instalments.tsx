import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { billEarlierSchema } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useBillEarlierMutation, useEarlierInstalmentsQuery } from './fees.api';

/**
 * A pupil admitted during the year is billed from the instalment they joined in (issue 32). The
 * office sees which earlier instalments were left out, and may bill them, with a reason kept in
 * the pupil's audit log; they fall due on the admission day, so no fine runs before it.
 */
export function EarlierInstalments({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const earlier = useEarlierInstalmentsQuery(studentId);
  const [open, setOpen] = useState(false);
  if (!earlier.data || earlier.data.instalments.length === 0) return null;
  const { instalments, amount_paise } = earlier.data;
  const what = { instalments: instalments.join(', '), amount: formatRupees(amount_paise) };
  return (
    <Alert
      severity="info"
      sx={{ mt: 1 }}
      action={
        <Button color="inherit" size="small" onClick={() => setOpen(true)}>
          {t('fees.earlier.bill')}
        </Button>
      }
    >
      {t('fees.earlier.note', what)}
      {open && (
        <BillEarlierDialog
          studentId={studentId}
          text={t('fees.earlier.confirm', what)}
          onClose={() => setOpen(false)}
        />
      )}
    </Alert>
  );
}

function BillEarlierDialog(props: { studentId: string; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [bill] = useBillEarlierMutation();
  const schemaForm = useSchemaForm({
    schema: billEarlierSchema,
    defaultValues: { reason: '' },
    fallback: t('lists.failed'),
    send: async ({ reason }) => {
      await bill({ studentId: props.studentId, reason }).unwrap();
      dispatch(toast.success(t('fees.messages.earlierBilled')));
      props.onClose();
    },
  });
  return (
    <SchemaFormDialog
      schemaForm={schemaForm}
      title={t('fees.earlier.title')}
      cancel={t('people.cancel')}
      action={t('fees.earlier.bill')}
      onClose={props.onClose}
    >
      <Alert severity="warning">{props.text}</Alert>
      <RhfTextField name="reason" label={t('fees.earlier.reason')} multiline minRows={2} autoFocus />
    </SchemaFormDialog>
  );
}
