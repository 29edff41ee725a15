import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RELATIONS, type Relation } from '@schooliko/common/people/guardians';
import { ID_PROOF_TYPES, type IdProofType, type Visitor } from '@schooliko/common/reception/visitors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { failureOf } from '../../app/api';
import type { AppDispatch, RootState } from '../../app/store';
import { messageText } from '../forms/messages';
import { uploadPhoto } from '../people/upload-photo';
import { CameraCapture } from './camera-capture';
import { MinutesField } from './minutes-field';
import { useCheckInMutation, useHostsQuery } from './reception.api';
import { type FoundStudent, StudentSearch } from './student-search';
import { usePrintPass } from './use-print-pass';

type Store = { dispatch: AppDispatch; getState: () => RootState };
const DURATIONS = [30, 60, 120, 240] as const;

/** Check-in at the desk: who, whom to meet, ID (last 4 digits only), a camera photo; then the pass. */
export function CheckInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width:599px)');
  const store = useStore() as unknown as Store;
  const hosts = useHostsQuery(undefined, { skip: !open });
  const [checkIn, saving] = useCheckInMutation();
  const print = usePrintPass();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [purpose, setPurpose] = useState('');
  const [host, setHost] = useState('');
  const [isParent, setIsParent] = useState(false);
  const [student, setStudent] = useState<FoundStudent | null>(null);
  const [relation, setRelation] = useState<Relation>('father');
  const [persons, setPersons] = useState('1');
  const [idType, setIdType] = useState<IdProofType>('none');
  const [last4, setLast4] = useState('');
  const [minutes, setMinutes] = useState(120);
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<Visitor | null>(null);
  const [uploading, setUploading] = useState(false);

  const reset = () => {
    setName('');
    setMobile('');
    setPurpose('');
    setHost('');
    setIsParent(false);
    setStudent(null);
    setPersons('1');
    setIdType('none');
    setLast4('');
    setMinutes(120);
    setPhoto(null);
    setError(null);
    setFieldErrors({});
    setDone(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    setError(null);
    setFieldErrors({});
    try {
      const visitor = await checkIn({
        name,
        phone: mobile,
        purpose,
        host_staff_id: host || null,
        student_id: isParent ? (student?.id ?? null) : null,
        relation: isParent && student ? relation : null,
        persons: Number(persons) || 1,
        id_proof_type: idType,
        id_proof_last4: idType === 'none' ? '' : last4,
        expected_minutes: minutes,
      }).unwrap();
      let shown = visitor;
      if (photo) {
        setUploading(true);
        try {
          shown = await uploadPhoto<Visitor>(
            `/api/visitors/${visitor.id}/photo`,
            photo,
            store,
            () => undefined,
          );
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
        } finally {
          setUploading(false);
        }
      }
      setDone(shown);
    } catch (e) {
      const failure = failureOf(e, t('reception.failed'));
      setError(messageText(t, failure.message, failure.coded));
      setFieldErrors(
        Object.fromEntries(
          Object.entries(failure.errors).map(([k, v]) => [k, messageText(t, v, failure.codes[k])]),
        ),
      );
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving.isLoading || uploading ? undefined : close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle>
        {done ? t('reception.visitors.checkedInTitle') : t('reception.visitors.checkIn')}
      </DialogTitle>
      <DialogContent>
        {done ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="success">
              {t('reception.visitors.checkedInText', { name: done.name, pass: done.pass_label })}
            </Alert>
            {error && <Alert severity="warning">{error}</Alert>}
            {print.error && <Alert severity="error">{print.error}</Alert>}
            <Typography variant="h6">{done.pass_label}</Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={t('reception.visitors.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={Boolean(fieldErrors.name)}
              helperText={fieldErrors.name}
            />
            <TextField
              label={t('reception.visitors.phone')}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              required
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
              error={Boolean(fieldErrors.phone)}
              helperText={fieldErrors.phone ?? t('reception.visitors.phoneHint')}
            />
            <TextField
              label={t('reception.visitors.purpose')}
              value={purpose}
              onChange={(e) => setPurpose(e.target.value)}
              required
              error={Boolean(fieldErrors.purpose)}
              helperText={fieldErrors.purpose}
            />
            <TextField
              select
              label={t('reception.visitors.toMeet')}
              value={host}
              onChange={(e) => setHost(e.target.value)}
            >
              <MenuItem value="">{t('reception.visitors.nobody')}</MenuItem>
              {(hosts.data ?? []).map((h) => (
                <MenuItem key={h.id} value={h.id}>
                  {h.name}
                  {h.designation ? ` · ${h.designation}` : ''}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={isParent} onChange={(e) => setIsParent(e.target.checked)} />}
              label={t('reception.visitors.isParent')}
            />
            {isParent && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Stack sx={{ flex: 2 }}>
                  <StudentSearch
                    value={student}
                    onChange={setStudent}
                    label={t('reception.visitors.student')}
                  />
                </Stack>
                <TextField
                  select
                  label={t('reception.visitors.relation')}
                  value={relation}
                  onChange={(e) => setRelation(e.target.value as Relation)}
                  sx={{ flex: 1 }}
                  error={Boolean(fieldErrors.relation)}
                  helperText={fieldErrors.relation}
                >
                  {RELATIONS.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`reception.relations.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('reception.visitors.persons')}
                type="number"
                value={persons}
                onChange={(e) => setPersons(e.target.value)}
                slotProps={{ htmlInput: { min: 1, max: 50 } }}
                sx={{ flex: 1 }}
              />
              <MinutesField
                label={t('reception.visitors.duration')}
                value={minutes}
                choices={DURATIONS}
                onChange={setMinutes}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('reception.visitors.idProof')}
                value={idType}
                onChange={(e) => setIdType(e.target.value as IdProofType)}
                sx={{ flex: 1 }}
              >
                {ID_PROOF_TYPES.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`reception.idProofs.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
              {idType !== 'none' && (
                <TextField
                  label={t('reception.visitors.last4')}
                  value={last4}
                  onChange={(e) => setLast4(e.target.value.replace(/\D/g, '').slice(0, 4))}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
                  sx={{ flex: 1 }}
                  error={Boolean(fieldErrors.id_proof_last4)}
                  helperText={fieldErrors.id_proof_last4 ?? t('reception.visitors.last4Hint')}
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
            <Button onClick={close} disabled={saving.isLoading || uploading}>
              {t('reception.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={saving.isLoading || uploading}
            >
              {t('reception.visitors.checkInAction')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
