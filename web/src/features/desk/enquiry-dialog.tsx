import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  admitDraft,
  admitEnquirySchema,
  type Enquiry,
  FOLLOW_UP_MODES,
  type FollowUpInput,
  followUpInputSchema,
} from '@schooliko/common/desk/enquiries';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { GENDERS } from '@schooliko/common/people/fields';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { FormDialog, RhfChoiceField, useFailure } from '../../kit/forms/form-dialog';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import {
  useAddFollowUpMutation,
  useAdmitEnquiryMutation,
  useEnquiryQuery,
  useMoveEnquiryMutation,
} from './desk.api';
import { EnquiryHistory } from './enquiry-history';

type AdmitValues = {
  admission_no: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: string;
  previous_school: string;
  address: string;
};

/** Admit: the enquiry's child becomes a student, the form pre-filled from what the enquiry knows. */
function AdmitDialog({ enquiry, onClose }: { enquiry: Enquiry; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [admit] = useAdmitEnquiryMutation();
  const schemaForm = useSchemaForm({
    schema: admitEnquirySchema,
    defaultValues: { admission_no: '', ...admitDraft(enquiry) } satisfies AdmitValues,
    fallback: 'error',
    send: async (body) => {
      const admitted = await admit({ id: enquiry.id, body }).unwrap();
      navigate(`/student/${admitted.student_id}`);
    },
  });
  const field = (name: keyof AdmitValues) => ({
    name,
    label: t(`desk.admit.${name}`),
    size: 'medium' as const,
  });
  return (
    <FormDialog
      open
      title={t('desk.admit.title', { name: enquiry.student_name })}
      submit={t('desk.admit.submit')}
      form={schemaForm}
      onClose={onClose}
    >
      <Alert severity="info">{t('desk.admit.hint')}</Alert>
      <RhfTextField<AdmitValues> {...field('admission_no')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfTextField<AdmitValues> {...field('first_name')} required />
        <RhfTextField<AdmitValues> {...field('last_name')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfDateField<AdmitValues> {...field('date_of_birth')} required />
        <RhfChoiceField<AdmitValues> {...field('gender')} values={GENDERS} prefix="desk.gender" required />
      </Stack>
      <RhfTextField<AdmitValues> {...field('previous_school')} />
      <RhfTextField<AdmitValues> {...field('address')} />
    </FormDialog>
  );
}

/** A new follow-up's fields: today, a call, no next date. */
const newFollowUp = (): FollowUpInput => ({ on: todayInIndia(), mode: 'call', outcome: '', next_on: '' });

/** Logging a follow-up of an open enquiry; the form starts afresh once it is saved. */
function FollowUpForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const [follow] = useAddFollowUpMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: followUpInputSchema,
    defaultValues: newFollowUp(),
    fallback: 'error', // as the desk's other forms (useFailure)
    send: async (body) => {
      await follow({ id, body }).unwrap();
      form.reset(newFollowUp());
    },
  });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  return (
    <FormProvider {...form}>
      <Stack spacing={1.5} component="form" aria-label={t('desk.followUps.add')} noValidate onSubmit={submit}>
        <FormAlert text={alert} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <RhfDateField<FollowUpInput>
            name="on"
            size="medium"
            fullWidth={false}
            label={t('desk.followUps.on')}
          />
          <RhfSelectField<FollowUpInput>
            name="mode"
            size="medium"
            label={t('desk.followUps.modeLabel')}
            options={FOLLOW_UP_MODES.map((m) => ({ value: m, label: t(`desk.followUps.mode.${m}`) }))}
          />
          <RhfDateField<FollowUpInput>
            name="next_on"
            size="medium"
            fullWidth={false}
            label={t('desk.followUps.nextOn')}
          />
        </Stack>
        <RhfTextField<FollowUpInput> name="outcome" size="medium" label={t('desk.followUps.outcome')} />
        <Box>
          <SubmitButton type="submit" variant="outlined" disabled={!outcome.trim()}>
            {t('desk.followUps.add')}
          </SubmitButton>
        </Box>
      </Stack>
    </FormProvider>
  );
}

/** An enquiry opened from the list: its details, follow-ups, status changes and Admit. */
export function EnquiryDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const enquiry = useEnquiryQuery(id);
  const [move, moving] = useMoveEnquiryMutation();
  const [admitting, setAdmitting] = useState(false);
  const [confirm, setConfirm] = useState<string | null>(null);
  const fail = useFailure();
  const failure = fail(moving.error);
  const e = enquiry.data;
  const mayAudit = useAppSelector((s) => s.auth.user?.permissions?.includes('people:audit') ?? false);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{e ? `${e.student_name} · ${e.class_sought}` : t('desk.loading')}</DialogTitle>
      <DialogContent>
        {enquiry.isError && <LoadFailed onRetry={() => enquiry.refetch()} />}
        {e && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip color="primary" label={t(`desk.enquiries.state.${e.state}`)} />
              <Chip variant="outlined" label={t(`desk.enquiries.source.${e.source}`)} />
            </Stack>
            <Typography>
              {e.parent_name} · {e.phone}
              {e.email ? ` · ${e.email}` : ''}
            </Typography>
            {e.message && <Typography color="text.secondary">{e.message}</Typography>}
            {failure.message && <Alert severity="error">{failure.message}</Alert>}
            {(e.can.moves.length > 0 || e.can.admit) && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {e.can.moves.map((s) => (
                  <Button key={s} size="small" variant="outlined" onClick={() => setConfirm(s)}>
                    {t(`desk.enquiries.move.${s}`)}
                  </Button>
                ))}
                {e.can.admit && (
                  <Button size="small" variant="contained" onClick={() => setAdmitting(true)}>
                    {t('desk.admit.button')}
                  </Button>
                )}
              </Stack>
            )}
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t('desk.followUps.title')}
            </Typography>
            {e.follow_ups.length === 0 && (
              <Typography color="text.secondary">{t('desk.followUps.empty')}</Typography>
            )}
            {e.follow_ups.map((f) => (
              <Box key={f.id}>
                <Typography variant="body2">
                  <b>{f.on}</b> · {t(`desk.followUps.mode.${f.mode}`)} · {f.by_name}
                </Typography>
                <Typography variant="body2">{f.outcome}</Typography>
                {f.next_on && (
                  <Typography variant="caption" color="text.secondary">
                    {t('desk.followUps.next', { date: f.next_on })}
                  </Typography>
                )}
              </Box>
            ))}
            {e.can.write && !['admitted', 'lost', 'closed'].includes(e.state) && <FollowUpForm id={id} />}
            {mayAudit && <EnquiryHistory id={id} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('desk.close')}</Button>
      </DialogActions>
      {e && admitting && <AdmitDialog enquiry={e} onClose={() => setAdmitting(false)} />}
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{confirm ? t(`desk.enquiries.move.${confirm}`) : ''}</DialogTitle>
        <DialogContent>{t('desk.enquiries.confirmMove')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('desk.cancel')}</Button>
          <Button
            variant="contained"
            onClick={async () => {
              if (confirm) await move({ id, state: confirm });
              setConfirm(null);
            }}
          >
            {t('desk.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
