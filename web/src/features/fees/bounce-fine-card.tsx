import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { bounceFineSchema } from '@schooliko/common/fees/fees';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfMoneyField } from '../../kit/forms/typed-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useBounceFineQuery, useSaveBounceFineMutation } from './exam-fees.api';

/** The fine a bounced cheque or DD adds as a due (Fine page); 0 or empty: none. */
export function BounceFineCard() {
  const { t } = useTranslation();
  const fine = useBounceFineQuery();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label={t('fees.bounce.fineTitle')}>
      <Typography variant="h6" component="h2">
        {t('fees.bounce.fineTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('fees.bounce.fineIntro')}
      </Typography>
      {fine.isLoading && <Skeleton variant="rectangular" height={56} />}
      {fine.isError && <LoadFailed onRetry={() => fine.refetch()} />}
      {fine.isSuccess && <BounceFineForm saved={fine.data} />}
    </Paper>
  );
}

type Values = { amount_paise: number | null };

function BounceFineForm({ saved }: { saved: number }) {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  const [save] = useSaveBounceFineMutation();
  const [done, setDone] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    schema: bounceFineSchema,
    defaultValues: { amount_paise: saved > 0 ? saved : null } as Values,
    toInput: (v: Values) => ({ amount_paise: v.amount_paise ?? 0 }),
    fallback: t('lists.failed'),
    send: async (body) => {
      setDone(false);
      await save(body.amount_paise).unwrap();
      setDone(true);
    },
  });
  const amount = useWatch({ control: form.control, name: 'amount_paise' });
  return (
    <FormProvider {...form}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <RhfMoneyField<Values>
          name="amount_paise"
          fullWidth={false}
          label={t('fees.bounce.fineAmount')}
          helperText={t('fees.fine.capHint')}
          error={Number.isNaN(amount)}
          disabled={!canWrite}
        />
        {canWrite && (
          <SubmitButton variant="outlined" disabled={Number.isNaN(amount)} onClick={() => void submit()}>
            {t('fees.bounce.saveFine')}
          </SubmitButton>
        )}
      </Stack>
      <FormAlert text={alert} sx={{ mt: 1 }} />
      {done && !alert && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('fees.messages.bounceFineSaved')}
        </Alert>
      )}
    </FormProvider>
  );
}
