import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useStudentsQuery } from '../people/people.api';
import { SLOT_MINUTES, slotOf, tomorrowInIndia } from './appointments-slot';
import { MinutesField } from './minutes-field';
import { useBookAppointmentMutation, useHostsQuery, useRequestAppointmentMutation } from './reception.api';

/**
 * Books a slot with a staff member: at the desk (`desk`: the visitor's name and mobile, confirmed
 * at once) or from a parent's home (a request the desk confirms).
 */
export function BookDialog({ open, desk, onClose }: { open: boolean; desk: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const hosts = useHostsQuery(undefined, { skip: !open });
  // A parent's own children (the list shows a parent only theirs).
  const children = useStudentsQuery({ limit: 20 }, { skip: !open || desk });
  const [child, setChild] = useState('');
  const [book, booking] = useBookAppointmentMutation();
  const [ask, asking] = useRequestAppointmentMutation();
  const [host, setHost] = useState('');
  const [day, setDay] = useState(tomorrowInIndia());
  const [time, setTime] = useState('10:00');
  const [minutes, setMinutes] = useState(30);
  const [purpose, setPurpose] = useState('');
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = booking.isLoading || asking.isLoading;

  const close = () => {
    setError(null);
    setDone(null);
    setPurpose('');
    setName('');
    setMobile('');
    setEmail('');
    onClose();
  };
  const submit = async () => {
    setError(null);
    const slot = slotOf(day, time, minutes);
    if (!slot || !host) {
      setError(t('reception.appointments.incomplete'));
      return;
    }
    try {
      if (desk)
        await book({
          ...slot,
          host_staff_id: host,
          purpose,
          name,
          phone: mobile,
          email,
          student_id: null,
        }).unwrap();
      else await ask({ ...slot, host_staff_id: host, purpose, student_id: child || null }).unwrap();
      setDone(desk ? t('reception.appointments.booked') : t('reception.appointments.requested'));
    } catch (e) {
      const failure = failureOf(e, t('reception.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>
        {desk ? t('reception.appointments.book') : t('reception.appointments.request')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {done && <Alert severity="success">{done}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {!done && (
            <>
              <TextField
                select
                label={t('reception.appointments.with')}
                value={host}
                onChange={(e) => setHost(e.target.value)}
                required
              >
                {(hosts.data ?? []).map((h) => (
                  <MenuItem key={h.id} value={h.id}>
                    {h.name}
                    {h.designation ? ` · ${h.designation}` : ''}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label={t('reception.appointments.day')}
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  type="time"
                  label={t('reception.appointments.time')}
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ flex: 1 }}
                />
                <MinutesField
                  label={t('reception.appointments.length')}
                  value={minutes}
                  choices={SLOT_MINUTES}
                  onChange={setMinutes}
                />
              </Stack>
              {!desk && (children.data?.items.length ?? 0) > 0 && (
                <TextField
                  select
                  label={t('reception.appointments.child')}
                  value={child}
                  onChange={(e) => setChild(e.target.value)}
                >
                  <MenuItem value="">{t('reception.appointments.noChild')}</MenuItem>
                  {children.data?.items.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.full_name}
                      {c.section_name ? ` · ${c.section_name}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <TextField
                label={t('reception.visitors.purpose')}
                value={purpose}
                onChange={(e) => setPurpose(e.target.value)}
                required
              />
              {desk && (
                <>
                  <TextField
                    label={t('reception.visitors.name')}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    required
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      label={t('reception.visitors.phone')}
                      value={mobile}
                      onChange={(e) => setMobile(e.target.value)}
                      required
                      sx={{ flex: 1 }}
                    />
                    <TextField
                      label={t('reception.appointments.email')}
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
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
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {desk ? t('reception.appointments.book') : t('reception.appointments.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
