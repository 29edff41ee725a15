import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pickupInputSchema } from '@schooliko/common/reception/visitors';
import { useState } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { useGuardiansQuery } from '../people';
import { useRecordPickupMutation } from './reception.api';
import { type FoundStudent, StudentSearch } from './student-search';

const SOMEONE_ELSE = 'other';

/** The dialog's fields: the pupil shown, who came (a guardian's id, or someone else), their details. */
type Values = { student: FoundStudent | null; who: string; person_name: string; phone: string };
const EMPTY: Values = { student: null, who: '', person_name: '', phone: '' };

/** The body sent: a guardian by their record, anyone else by the name and phone the desk took. */
const toInput = ({ student, who, person_name, phone }: Values) => {
  const other = who === SOMEONE_ELSE;
  return {
    student_id: student?.id ?? '',
    guardian_id: other ? null : who,
    person_name: other ? person_name : '',
    phone: other ? phone : '',
  };
};

/**
 * A child leaves school: the desk picks the student and who came. Only a guardian marked as an
 * authorised pick-up is let through; anyone else is refused by the server (and the class
 * teacher is told), and the refusal is shown here in full.
 */
export function PickupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [allowed, setAllowed] = useState<string | null>(null);
  const [record] = useRecordPickupMutation();
  const { form, submit, alert, setAlert, reset } = useSchemaForm({
    schema: pickupInputSchema,
    defaultValues: EMPTY,
    toInput,
    fallback: t('reception.failed'),
    send: async (body) => {
      setAllowed(null);
      const p = await record(body).unwrap();
      setAllowed(t('reception.pickups.allowed', { student: p.student_name, person: p.person_name }));
    },
  });
  const busy = form.formState.isSubmitting;
  const [student, who] = useWatch({ control: form.control, name: ['student', 'who'] });
  const guardians = useGuardiansQuery({ student_id: student?.id, limit: 20 }, { skip: !student });
  /** A new choice starts afresh: the last answer was about the last one. */
  const chosen = () => {
    setAllowed(null);
    setAlert(null);
  };

  const close = () => {
    reset();
    setAllowed(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('reception.pickups.title')}</DialogTitle>
      <FormProvider {...form}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {allowed && (
              <Alert severity="success" role="alert">
                {allowed}
              </Alert>
            )}
            <FormAlert text={alert} role="alert" />
            <Controller
              name="student"
              control={form.control}
              render={({ field }) => (
                <StudentSearch
                  value={field.value}
                  onChange={(s) => {
                    field.onChange(s);
                    form.setValue('who', '');
                    chosen();
                  }}
                  label={t('reception.pickups.student')}
                />
              )}
            />
            {student && (
              <>
                <Typography variant="subtitle2">{t('reception.pickups.who')}</Typography>
                {guardians.isError && <Alert severity="error">{t('lists.failed')}</Alert>}
                <Controller
                  name="who"
                  control={form.control}
                  render={({ field }) => (
                    <RadioGroup
                      value={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.value);
                        chosen();
                      }}
                    >
                      {(guardians.data?.items ?? []).map((g) => {
                        const tie = g.children.find((c) => c.student_id === student.id);
                        return (
                          <FormControlLabel
                            key={g.id}
                            value={g.id}
                            control={<Radio />}
                            label={`${g.name} · ${tie ? t(`reception.relations.${tie.relation}`) : ''} · ${
                              tie?.authorised_pickup
                                ? t('reception.pickups.authorised')
                                : t('reception.pickups.notAuthorised')
                            }`}
                          />
                        );
                      })}
                      <FormControlLabel
                        value={SOMEONE_ELSE}
                        control={<Radio />}
                        label={t('reception.pickups.someoneElse')}
                      />
                    </RadioGroup>
                  )}
                />
                {who === SOMEONE_ELSE && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <RhfTextField<Values>
                      name="person_name"
                      size="medium"
                      label={t('reception.visitors.name')}
                      sx={{ flex: 1 }}
                    />
                    <RhfTextField<Values>
                      name="phone"
                      size="medium"
                      label={t('reception.visitors.phone')}
                      slotProps={{ htmlInput: { inputMode: 'tel' } }}
                      sx={{ flex: 1 }}
                    />
                  </Stack>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('reception.close')}
          </Button>
          <SubmitButton onClick={() => void submit()} disabled={!student || !who}>
            {t('reception.pickups.record')}
          </SubmitButton>
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
