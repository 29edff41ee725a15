import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { appointmentInputSchema, appointmentRequestSchema } from '@schooliko/common/reception/appointments';
import { useMemo, useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField, RhfTimeField } from '../../kit/forms/typed-fields';
import { useStudentsQuery } from '../people';
import { SLOT_MINUTES, slotOf, tomorrowInIndia } from './appointments-slot';
import { MinutesField } from './minutes-field';
import { useBookAppointmentMutation, useHostsQuery, useRequestAppointmentMutation } from './reception.api';

/**
 * The dialog's fields: the body's, with the slot typed as a day, a time and minutes; the visitor's
 * name, mobile and email at the desk only, the child ('' is none) from a parent's home only.
 */
type Values = {
  host_staff_id: string;
  day: string;
  time: string;
  minutes: number;
  student_id: string;
  purpose: string;
  name: string;
  phone: string;
  email: string;
};
/** A new booking: tomorrow in India at 10:00, for 30 minutes. */
const blank = (): Values => ({
  host_staff_id: '',
  day: tomorrowInIndia(),
  time: '10:00',
  minutes: 30,
  student_id: '',
  purpose: '',
  name: '',
  phone: '',
  email: '',
});

/** The body sent: the slot as instants in India (the request schema leaves the visitor out). */
const toInput = ({ day, time, minutes, student_id, ...v }: Values) => ({
  ...v,
  ...(slotOf(day, time, minutes) ?? { starts_at: '', ends_at: '' }),
  student_id: student_id || null,
});

/**
 * Books a slot with a staff member: at the desk (`desk`: the visitor's name and mobile, confirmed
 * at once) or from a parent's home (a request the desk confirms).
 */
export function BookDialog({ open, desk, onClose }: { open: boolean; desk: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const hosts = useHostsQuery(undefined, { skip: !open });
  // A parent's own children (the list shows a parent only theirs).
  const children = useStudentsQuery({ limit: 20 }, { skip: !open || desk });
  const [book] = useBookAppointmentMutation();
  const [ask] = useRequestAppointmentMutation();
  const [done, setDone] = useState(false);
  const defaultValues = useMemo(blank, []);
  const { form, submit, alert, setAlert } = useSchemaForm({
    schema: desk ? appointmentInputSchema : appointmentRequestSchema,
    defaultValues,
    toInput,
    fallback: t('reception.failed'),
    send: async (body) => {
      await (desk ? book(body) : ask(body)).unwrap();
      setDone(true);
    },
  });
  const busy = form.formState.isSubmitting;

  /** Whom to meet and when come first: without them the slot cannot be checked. */
  const send = () => {
    setAlert(null);
    const { host_staff_id, day, time, minutes } = form.getValues();
    if (!host_staff_id || !slotOf(day, time, minutes)) setAlert(t('reception.appointments.incomplete'));
    else void submit();
  };
  /** The next booking keeps whom to meet and when; what it is about and who comes start afresh. */
  const close = () => {
    setAlert(null);
    setDone(false);
    form.reset({ ...form.getValues(), purpose: '', name: '', phone: '', email: '' });
    onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>
        {desk ? t('reception.appointments.book') : t('reception.appointments.request')}
      </DialogTitle>
      <FormProvider {...form}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {done && (
              <Alert severity="success">
                {desk ? t('reception.appointments.booked') : t('reception.appointments.requested')}
              </Alert>
            )}
            <FormAlert text={alert} />
            {!done && (
              <>
                <RhfSelectField<Values>
                  name="host_staff_id"
                  size="medium"
                  label={t('reception.appointments.with')}
                  required
                  options={(hosts.data ?? []).map((h) => ({
                    value: h.id,
                    label: h.designation ? `${h.name} · ${h.designation}` : h.name,
                  }))}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <RhfDateField<Values>
                    name="day"
                    size="medium"
                    fullWidth={false}
                    label={t('reception.appointments.day')}
                    sx={{ flex: 1 }}
                  />
                  <RhfTimeField<Values>
                    name="time"
                    size="medium"
                    fullWidth={false}
                    label={t('reception.appointments.time')}
                    sx={{ flex: 1 }}
                  />
                  <Controller
                    name="minutes"
                    control={form.control}
                    render={({ field }) => (
                      <MinutesField
                        label={t('reception.appointments.length')}
                        value={field.value}
                        choices={SLOT_MINUTES}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </Stack>
                {!desk && (children.data?.items.length ?? 0) > 0 && (
                  <RhfSelectField<Values>
                    name="student_id"
                    size="medium"
                    label={t('reception.appointments.child')}
                    options={[
                      { value: '', label: t('reception.appointments.noChild') },
                      ...(children.data?.items ?? []).map((c) => ({
                        value: c.id,
                        label: c.section_name ? `${c.full_name} · ${c.section_name}` : c.full_name,
                      })),
                    ]}
                  />
                )}
                <RhfTextField<Values>
                  name="purpose"
                  size="medium"
                  label={t('reception.visitors.purpose')}
                  required
                />
                {desk && (
                  <>
                    <RhfTextField<Values>
                      name="name"
                      size="medium"
                      label={t('reception.visitors.name')}
                      required
                    />
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                      <RhfTextField<Values>
                        name="phone"
                        size="medium"
                        fullWidth={false}
                        label={t('reception.visitors.phone')}
                        required
                        slotProps={{ htmlInput: { inputMode: 'tel' } }}
                        sx={{ flex: 1 }}
                      />
                      <RhfTextField<Values>
                        name="email"
                        size="medium"
                        fullWidth={false}
                        label={t('reception.appointments.email')}
                        sx={{ flex: 1 }}
                      />
                    </Stack>
                  </>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {done ? t('reception.close') : t('reception.cancel')}
          </Button>
          {!done && (
            <SubmitButton onClick={send}>
              {desk ? t('reception.appointments.book') : t('reception.appointments.send')}
            </SubmitButton>
          )}
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
