import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RELATIONS, type Relation } from '@schooliko/common/people/guardians';
import {
  ID_PROOF_TYPES,
  type IdProofType,
  type Visitor,
  visitorInputSchema,
} from '@schooliko/common/reception/visitors';
import { useState } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import type { AppDispatch, RootState } from '../../app/store';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfNumberField } from '../../kit/forms/typed-fields';
import { uploadPhoto } from '../people';
import { CameraCapture } from './camera-capture';
import { MinutesField } from './minutes-field';
import { receptionApi, useCheckInMutation, useHostsQuery } from './reception.api';
import { type FoundStudent, StudentSearch } from './student-search';
import { usePrintPass } from './use-print-pass';

type Store = { dispatch: AppDispatch; getState: () => RootState };
const DURATIONS = [30, 60, 120, 240] as const;

/** The dialog's fields: the check-in body, plus the parent switch and the chosen pupil shown. */
type Values = {
  name: string;
  phone: string;
  purpose: string;
  /** '' is "nobody in particular". */
  host_staff_id: string;
  is_parent: boolean;
  student: FoundStudent | null;
  relation: Relation;
  persons: number | null;
  id_proof_type: IdProofType;
  id_proof_last4: string;
  expected_minutes: number;
};
const EMPTY: Values = {
  name: '',
  phone: '',
  purpose: '',
  host_staff_id: '',
  is_parent: false,
  student: null,
  relation: 'father',
  persons: 1,
  id_proof_type: 'none',
  id_proof_last4: '',
  expected_minutes: 120,
};

/** The body sent: the pupil and relation only for a parent, the ID digits only with an ID. */
const toInput = ({ is_parent, student, ...v }: Values) => ({
  ...v,
  host_staff_id: v.host_staff_id || null,
  student_id: is_parent ? (student?.id ?? null) : null,
  relation: is_parent && student ? v.relation : null,
  persons: v.persons || 1,
  id_proof_last4: v.id_proof_type === 'none' ? '' : v.id_proof_last4,
});

/** Check-in at the desk: who, whom to meet, ID (last 4 digits only), a camera photo; then the pass. */
export function CheckInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width:599px)');
  const store = useStore() as unknown as Store;
  const hosts = useHostsQuery(undefined, { skip: !open });
  const [checkIn] = useCheckInMutation();
  const print = usePrintPass();
  const [photo, setPhoto] = useState<File | null>(null);
  const [done, setDone] = useState<Visitor | null>(null);
  const { form, submit, alert, setAlert, reset } = useSchemaForm({
    schema: visitorInputSchema,
    defaultValues: EMPTY,
    toInput,
    fallback: t('reception.failed'),
    send: async (body) => {
      const visitor = await checkIn(body).unwrap();
      let shown = visitor;
      // The visitor is in even if the photo fails: the pass is shown with a warning.
      if (photo)
        try {
          shown = await uploadPhoto<Visitor>(
            `/api/visitors/${visitor.id}/photo`,
            photo,
            store,
            () => undefined,
          );
          // The day's list was read at check-in, before the photo: read it again.
          store.dispatch(receptionApi.util.invalidateTags(['Visitors']));
        } catch (e) {
          setAlert(e instanceof Error ? e.message : String(e));
        }
      setDone(shown);
    },
  });
  const busy = form.formState.isSubmitting;
  const [isParent, idType] = useWatch({ control: form.control, name: ['is_parent', 'id_proof_type'] });

  const close = () => {
    reset();
    setPhoto(null);
    setDone(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>
        {done ? t('reception.visitors.checkedInTitle') : t('reception.visitors.checkIn')}
      </DialogTitle>
      <FormProvider {...form}>
        <DialogContent>
          {done ? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="success">
                {t('reception.visitors.checkedInText', { name: done.name, pass: done.pass_label })}
              </Alert>
              <FormAlert text={alert} severity="warning" />
              {print.error && <Alert severity="error">{print.error}</Alert>}
              <Typography variant="h6">{done.pass_label}</Typography>
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormAlert text={alert} />
              <RhfTextField<Values> name="name" size="medium" label={t('reception.visitors.name')} required />
              <RhfTextField<Values>
                name="phone"
                size="medium"
                label={t('reception.visitors.phone')}
                required
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
                helperText={t('reception.visitors.phoneHint')}
              />
              <RhfTextField<Values>
                name="purpose"
                size="medium"
                label={t('reception.visitors.purpose')}
                required
              />
              <RhfSelectField<Values>
                name="host_staff_id"
                size="medium"
                label={t('reception.visitors.toMeet')}
                options={[
                  { value: '', label: t('reception.visitors.nobody') },
                  ...(hosts.data ?? []).map((h) => ({
                    value: h.id,
                    label: h.designation ? `${h.name} · ${h.designation}` : h.name,
                  })),
                ]}
              />
              <Controller
                name="is_parent"
                control={form.control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                    }
                    label={t('reception.visitors.isParent')}
                  />
                )}
              />
              {isParent && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <Stack sx={{ flex: 2 }}>
                    <Controller
                      name="student"
                      control={form.control}
                      render={({ field }) => (
                        <StudentSearch
                          value={field.value}
                          onChange={field.onChange}
                          label={t('reception.visitors.student')}
                        />
                      )}
                    />
                  </Stack>
                  <RhfSelectField<Values>
                    name="relation"
                    size="medium"
                    label={t('reception.visitors.relation')}
                    sx={{ flex: 1 }}
                    options={RELATIONS.map((r) => ({ value: r, label: t(`reception.relations.${r}`) }))}
                  />
                </Stack>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <RhfNumberField<Values>
                  name="persons"
                  size="medium"
                  label={t('reception.visitors.persons')}
                  slotProps={{ htmlInput: { min: 1, max: 50 } }}
                  sx={{ flex: 1 }}
                />
                <Controller
                  name="expected_minutes"
                  control={form.control}
                  render={({ field }) => (
                    <MinutesField
                      label={t('reception.visitors.duration')}
                      value={field.value}
                      choices={DURATIONS}
                      onChange={field.onChange}
                    />
                  )}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <RhfSelectField<Values>
                  name="id_proof_type"
                  size="medium"
                  label={t('reception.visitors.idProof')}
                  sx={{ flex: 1 }}
                  options={ID_PROOF_TYPES.map((k) => ({ value: k, label: t(`reception.idProofs.${k}`) }))}
                />
                {idType !== 'none' && (
                  <RhfTextField<Values>
                    name="id_proof_last4"
                    size="medium"
                    label={t('reception.visitors.last4')}
                    clean={(raw) => raw.replace(/\D/g, '').slice(0, 4)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
                    sx={{ flex: 1 }}
                    helperText={t('reception.visitors.last4Hint')}
                  />
                )}
              </Stack>
              <Typography variant="subtitle2">{t('reception.visitors.photo')}</Typography>
              <CameraCapture photo={photo} onPhoto={setPhoto} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {done ? (
            <>
              <Button onClick={close}>{t('reception.close')}</Button>
              <Button variant="contained" startIcon={<Print />} onClick={() => print.open(done.id)}>
                {t('reception.visitors.printPass')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close} disabled={busy}>
                {t('reception.cancel')}
              </Button>
              <SubmitButton onClick={(e) => void submit(e)}>
                {t('reception.visitors.checkInAction')}
              </SubmitButton>
            </>
          )}
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
