import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { examFeeInputSchema } from '@schooliko/common/fees/exams';
import { formatRupees, paiseFromRupees } from '@schooliko/common/fees/money';
import type { AcademicYear } from '@schooliko/common/people/classes';
import { useState } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { useSchoolClassesQuery } from '../people';
import { useAddExamFeeMutation } from './exam-fees.api';
import { useFeeHeadsQuery } from './fees.api';

/**
 * The dialog's fields: the exam, its fee type and due date, and the classes ticked (`chosen`, by
 * id, each with its own amount as typed); `same` bills every class the one `amount` instead.
 */
type Values = {
  name: string;
  head_id: string;
  due_on: string;
  same: boolean;
  amount: string;
  chosen: Record<string, string>;
};
const EMPTY: Values = { name: '', head_id: '', due_on: '', same: true, amount: '', chosen: {} };
type Lines = Pick<Values, 'same' | 'amount' | 'chosen'>;

/** The classes billed, in the school's order, each with its amount in paise (0 while not rupees). */
function linesOf(classes: readonly { id: string }[], { same, amount, chosen }: Lines) {
  return classes
    .filter((c) => c.id in chosen)
    .map((c) => ({
      class_id: c.id,
      amount_paise: paiseFromRupees(same ? amount : (chosen[c.id] ?? '')) ?? 0,
    }));
}

/**
 * An exam fee: its name, an Exam fee type, the due date, the classes and what each pays (one
 * amount for all, or one per class). Review checks it with the server's schema and says what it
 * bills; Bill then bills every enrolled student of those classes once.
 */
export function ExamFeeDialog({
  year,
  onClose,
  onStarted,
}: {
  year: AcademicYear;
  onClose: () => void;
  onStarted: (jobId: string) => void;
}) {
  const { t } = useTranslation();
  const { data: classes = [] } = useSchoolClassesQuery();
  const heads = (useFeeHeadsQuery().data ?? []).filter((h) => h.active && h.category === 'exam');
  const [confirming, setConfirming] = useState(false);
  const [add] = useAddExamFeeMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: examFeeInputSchema,
    defaultValues: EMPTY,
    toInput: (v: Values) => ({
      academic_year_id: year.id,
      name: v.name,
      head_id: v.head_id,
      due_on: v.due_on,
      classes: linesOf(classes, v),
    }),
    fallback: t('lists.failed'),
    shows: (name) => name.startsWith('classes.'),
    send: async (body) => {
      try {
        const answer = await add(body).unwrap();
        onStarted(answer.job_id);
      } catch (e) {
        // Refused: back to the form, the server's word in the alert.
        setConfirming(false);
        throw e;
      }
    },
  });
  const busy = form.formState.isSubmitting;
  const [name, headId, dueOn, same, amount, chosen] = useWatch({
    control: form.control,
    name: ['name', 'head_id', 'due_on', 'same', 'amount', 'chosen'],
  });
  const lines = linesOf(classes, { same, amount, chosen });
  const ready =
    name.trim().length >= 2 &&
    headId !== '' &&
    dueOn !== '' &&
    lines.length > 0 &&
    lines.every((l) => l.amount_paise > 0);

  // The schema's errors of the classes billed (`classes.2.amount_paise`) have no field of their own:
  // an amount's goes beside the amount typed, the rest (no class, a class twice) under the classes.
  const said = useErrorsAt(form.formState.errors);
  const amountError = (classId: string) =>
    said(`classes.${lines.findIndex((l) => l.class_id === classId)}.amount_paise`);
  const sameError = lines.map((l) => amountError(l.class_id)).find(Boolean) ?? '';
  const loose = said(
    'classes',
    'classes.root',
    'academic_year_id',
    ...lines.map((_l, i) => `classes.${i}.class_id`),
  );
  /** Editing the classes or their amounts clears what was said about them (spec 5.5). */
  const clearLines = () => form.clearErrors('classes' as never);

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('fees.exams.addTitle', { year: year.name })}</DialogTitle>
      <FormProvider {...form}>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {heads.length === 0 && <Alert severity="info">{t('fees.exams.noHead')}</Alert>}
            <RhfTextField<Values>
              name="name"
              size="medium"
              label={t('fees.exams.name')}
              placeholder={t('fees.exams.namePlaceholder')}
              required
            />
            <RhfSelectField<Values>
              name="head_id"
              size="medium"
              label={t('fees.exams.head')}
              options={heads.map((h) => ({ value: h.id, label: `${h.name} (${h.code})` }))}
              required
            />
            <RhfDateField<Values> name="due_on" size="medium" label={t('fees.exams.due')} required />
            <Controller
              name="same"
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.checked);
                        clearLines();
                      }}
                    />
                  }
                  label={t('fees.exams.sameAmount')}
                />
              )}
            />
            {same && (
              <Controller
                name="amount"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    label={t('fees.counter.amountRupees')}
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    value={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      clearLines();
                    }}
                    error={
                      Boolean(sameError) || (field.value !== '' && paiseFromRupees(field.value) === null)
                    }
                    helperText={sameError || undefined}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                )}
              />
            )}
            <Typography variant="subtitle2">{t('fees.exams.classes')}</Typography>
            <Controller
              name="chosen"
              control={form.control}
              render={({ field }) => (
                <Stack spacing={0.5}>
                  {classes.map((c) => (
                    <Stack key={c.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <FormControlLabel
                        sx={{ flexGrow: 1 }}
                        control={
                          <Checkbox
                            checked={c.id in field.value}
                            onChange={() => {
                              const next = { ...field.value };
                              if (c.id in next) delete next[c.id];
                              else next[c.id] = '';
                              field.onChange(next);
                              clearLines();
                            }}
                          />
                        }
                        label={t('fees.structures.of', { class: c.name })}
                      />
                      {!same && c.id in field.value && (
                        <TextField
                          size="small"
                          label={t('fees.counter.amountRupees')}
                          value={field.value[c.id]}
                          onChange={(e) => {
                            field.onChange({ ...field.value, [c.id]: e.target.value });
                            clearLines();
                          }}
                          error={Boolean(amountError(c.id))}
                          helperText={amountError(c.id) || undefined}
                          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${c.name} ₹` } }}
                          sx={{ width: 130 }}
                        />
                      )}
                    </Stack>
                  ))}
                </Stack>
              )}
            />
            {loose && <Alert severity="error">{loose}</Alert>}
            {confirming && (
              <Alert severity="warning">
                {t('fees.exams.confirm', {
                  count: lines.length,
                  total: formatRupees(lines.reduce((a, l) => a + l.amount_paise, 0)),
                })}
              </Alert>
            )}
            <FormAlert text={alert} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('people.cancel')}
          </Button>
          {confirming ? (
            <SubmitButton onClick={() => void submit()}>
              {t('fees.exams.bill', { count: lines.length })}
            </SubmitButton>
          ) : (
            <Button
              variant="contained"
              disabled={!ready}
              onClick={() => void form.handleSubmit(() => setConfirming(true))()}
            >
              {t('fees.exams.review')}
            </Button>
          )}
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
