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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useGuardiansQuery } from '../people/people.api';
import { useRecordPickupMutation } from './reception.api';
import { type FoundStudent, StudentSearch } from './student-search';

const SOMEONE_ELSE = 'other';

/**
 * A child leaves school: the desk picks the student and who came. Only a guardian marked as an
 * authorised pick-up is let through; anyone else is refused by the server (and the class
 * teacher is told), and the refusal is shown here in full.
 */
export function PickupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [student, setStudent] = useState<FoundStudent | null>(null);
  const [who, setWho] = useState('');
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const guardians = useGuardiansQuery({ student_id: student?.id, limit: 20 }, { skip: !student });
  const [record, busy] = useRecordPickupMutation();

  const close = () => {
    setStudent(null);
    setWho('');
    setName('');
    setMobile('');
    setOutcome(null);
    onClose();
  };
  const submit = async () => {
    if (!student) return;
    setOutcome(null);
    try {
      const p = await record({
        student_id: student.id,
        guardian_id: who === SOMEONE_ELSE ? null : who,
        person_name: who === SOMEONE_ELSE ? name : '',
        phone: who === SOMEONE_ELSE ? mobile : '',
      }).unwrap();
      setOutcome({
        ok: true,
        text: t('reception.pickups.allowed', { student: p.student_name, person: p.person_name }),
      });
    } catch (e) {
      const failure = failureOf(e, t('reception.failed'));
      setOutcome({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };

  return (
    <Dialog open={open} onClose={busy.isLoading ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('reception.pickups.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {outcome && (
            <Alert severity={outcome.ok ? 'success' : 'error'} role="alert">
              {outcome.text}
            </Alert>
          )}
          <StudentSearch
            value={student}
            onChange={(s) => {
              setStudent(s);
              setWho('');
              setOutcome(null);
            }}
            label={t('reception.pickups.student')}
          />
          {student && (
            <>
              <Typography variant="subtitle2">{t('reception.pickups.who')}</Typography>
              {guardians.isError && <Alert severity="error">{t('lists.failed')}</Alert>}
              <RadioGroup value={who} onChange={(e) => setWho(e.target.value)}>
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
              {who === SOMEONE_ELSE && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label={t('reception.visitors.name')}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    label={t('reception.visitors.phone')}
                    value={mobile}
                    onChange={(e) => setMobile(e.target.value)}
                    sx={{ flex: 1 }}
                  />
                </Stack>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy.isLoading}>
          {t('reception.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!student || !who || busy.isLoading}
        >
          {t('reception.pickups.record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
