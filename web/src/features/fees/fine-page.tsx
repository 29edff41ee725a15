import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FINE_SLAB_KINDS,
  type FineRule,
  type FineSlabKind,
  fineRuleInputSchema,
} from '@schooliko/common/fees/fine';
import { useState } from 'react';
import { FormProvider, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { RhfSelectField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfMoneyField, RhfNumberField } from '../../kit/forms/typed-fields';
import { useCurrentYearQuery } from '../people';
import { BounceFineCard } from './bounce-fine-card';
import { useFineRuleQuery, useSaveFineRuleMutation } from './concessions.api';
import { useFeeHeadsQuery } from './fees.api';

/** The rule's fields: days and numbers as typed, amounts in paise (a percentage in basis points). */
type Draft = {
  head_id: string;
  grace_days: number | null;
  cap_paise: number | null;
  slabs: { from_day: number | null; kind: FineSlabKind; value: number | null }[];
};

const draftOf = (rule: FineRule | null, headId: string): Draft => ({
  head_id: rule?.head_id ?? headId,
  grace_days: rule?.grace_days ?? 7,
  cap_paise: rule?.cap_paise ?? 0,
  slabs: rule?.slabs ?? [{ from_day: 1, kind: 'per_day', value: 1000 }],
});

/** Fine (/fine): the year's late-fine rule: grace days, slabs and a cap per due. */
export default function FinePage() {
  const { t } = useTranslation();
  const rule = useFineRuleQuery();
  const heads = useFeeHeadsQuery();
  const year = useCurrentYearQuery();
  const fineHeads = (heads.data ?? []).filter((h) => h.category === 'fine' && h.active);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('fees.fine.title')}
      </Typography>
      <Typography color="text.secondary">{t('fees.fine.intro')}</Typography>
      {(rule.isLoading || heads.isLoading || year.isLoading) && (
        <Skeleton variant="rectangular" height={200} />
      )}
      {(rule.isError || heads.isError) && <Alert severity="error">{t('lists.failed')}</Alert>}
      {rule.isSuccess && heads.isSuccess && year.data && fineHeads.length === 0 && (
        <Alert severity="info">{t('fees.fine.noHead')}</Alert>
      )}
      {rule.isSuccess && heads.isSuccess && year.data && fineHeads.length > 0 && (
        <FineForm
          yearId={year.data.id}
          rule={rule.data ?? null}
          heads={fineHeads}
          initial={draftOf(rule.data ?? null, fineHeads[0]?.id ?? '')}
        />
      )}
      <BounceFineCard />
    </Stack>
  );
}

function FineForm(props: {
  yearId: string;
  rule: FineRule | null;
  heads: { id: string; name: string }[];
  initial: Draft;
}) {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  const [save] = useSaveFineRuleMutation();
  const [saved, setSaved] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    schema: fineRuleInputSchema,
    defaultValues: props.initial,
    // Empty grace days or cap: none; an empty slab box is refused.
    toInput: (v: Draft) => ({
      academic_year_id: props.yearId,
      head_id: v.head_id,
      grace_days: v.grace_days ?? 0,
      cap_paise: v.cap_paise ?? 0,
      slabs: v.slabs.map((s) => ({
        from_day: s.from_day ?? Number.NaN,
        kind: s.kind,
        value: s.value ?? Number.NaN,
      })),
    }),
    fallback: t('lists.failed'),
    send: async (body) => {
      setSaved(false);
      await save(body).unwrap();
      setSaved(true);
    },
  });
  const slabs = useFieldArray({ control: form.control, name: 'slabs' });
  const kinds = useWatch({ control: form.control, name: 'slabs' });
  const slabsError = useErrorsAt(form.formState.errors)('slabs', 'slabs.root');
  const locked = props.rule?.locked ?? false;
  const disabled = !canWrite || locked || form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <Stack spacing={2}>
          {locked && <Alert severity="info">{t('fees.messages.fineLocked')}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <RhfSelectField<Draft>
              name="head_id"
              size="medium"
              fullWidth={false}
              label={t('fees.fine.head')}
              options={props.heads.map((h) => ({ value: h.id, label: h.name }))}
              disabled={disabled}
              sx={{ minWidth: 200 }}
            />
            <RhfNumberField<Draft>
              name="grace_days"
              size="medium"
              fullWidth={false}
              label={t('fees.fine.graceDays')}
              disabled={disabled}
              inputMode="numeric"
            />
            <RhfMoneyField<Draft>
              name="cap_paise"
              size="medium"
              fullWidth={false}
              label={t('fees.fine.cap')}
              helperText={t('fees.fine.capHint')}
              disabled={disabled}
            />
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('fees.fine.slabs')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('fees.fine.slabsHint')}
          </Typography>
          <FormAlert text={slabsError} />
          {slabs.fields.map((s, i) => (
            <Stack
              key={s.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <RhfNumberField<Draft>
                name={`slabs.${i}.from_day`}
                size="medium"
                fullWidth={false}
                label={t('fees.fine.fromDay')}
                disabled={disabled}
                inputMode="numeric"
                sx={{ width: { sm: 120 } }}
              />
              <RhfSelectField<Draft>
                name={`slabs.${i}.kind`}
                size="medium"
                fullWidth={false}
                label={t('fees.fine.kind')}
                options={FINE_SLAB_KINDS.map((k) => ({ value: k, label: t(`fees.fine.kinds.${k}`) }))}
                disabled={disabled}
                sx={{ minWidth: 200 }}
              />
              <RhfMoneyField<Draft>
                name={`slabs.${i}.value`}
                size="medium"
                fullWidth={false}
                label={kinds[i]?.kind === 'percent' ? t('fees.fine.percent') : t('fees.counter.amountRupees')}
                disabled={disabled}
                sx={{ width: { sm: 140 } }}
              />
              <IconButton
                aria-label={t('fees.fine.removeSlab')}
                disabled={disabled || slabs.fields.length === 1}
                onClick={() => slabs.remove(i)}
              >
                <Delete />
              </IconButton>
            </Stack>
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              startIcon={<Add />}
              disabled={disabled || slabs.fields.length >= 10}
              onClick={() =>
                slabs.append({ from_day: (kinds.at(-1)?.from_day ?? 0) + 30, kind: 'fixed', value: null })
              }
            >
              {t('fees.fine.addSlab')}
            </Button>
            <SubmitButton disabled={disabled} onClick={() => void submit()}>
              {t('fees.save')}
            </SubmitButton>
          </Stack>
          <FormAlert text={alert} />
          {saved && !alert && <Alert severity="success">{t('fees.messages.fineSaved')}</Alert>}
        </Stack>
      </Paper>
    </FormProvider>
  );
}
