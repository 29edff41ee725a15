import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DAY_NAMES, type Period, type TimetableEntry } from '@schooliko/common/academics/timetable';
import type { Section } from '@schooliko/common/people/classes';
import type { Staff } from '@schooliko/common/people/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import {
  useAddEntryMutation,
  useChangeEntryMutation,
  useRemoveEntryMutation,
  useSubjectsQuery,
} from './timetable.api';

/** Puts a subject, teacher and room in a section's period, changes it or clears it (after asking). */
export function EntryDialog({
  section,
  day,
  period,
  entry,
  teachers,
  onClose,
}: {
  section: Section;
  day: number;
  period: Period;
  entry: TimetableEntry | undefined;
  teachers: Staff[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data: subjects = [] } = useSubjectsQuery();
  const taught = subjects.filter(
    (s) =>
      (s.active && (!s.class_ids.length || s.class_ids.includes(section.class_id))) ||
      s.id === entry?.subject_id,
  );
  const [subjectId, setSubjectId] = useState(entry?.subject_id ?? '');
  const [teacherId, setTeacherId] = useState(entry?.teacher_id ?? '');
  const [room, setRoom] = useState(entry ? entry.room : section.room);
  const [add, adding] = useAddEntryMutation();
  const [change, changing] = useChangeEntryMutation();
  const [remove, removing] = useRemoveEntryMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = adding.isLoading || changing.isLoading || removing.isLoading;
  const where = t('academics.timetable.slot', {
    section: section.label,
    day: t(`academics.timetable.days.${day}`),
    period: period.label,
  });

  const fail = (e: unknown) => {
    const failure = failureOf(e, t('lists.failed'));
    // A clash names the day in English: the reader's language names it by its number.
    const params = failure.coded?.params;
    const day = DAY_NAMES.indexOf(String(params?.day ?? '') as (typeof DAY_NAMES)[number]);
    const coded =
      failure.coded && day > 0
        ? { ...failure.coded, params: { ...params, day: t(`academics.timetable.days.${day}`) } }
        : failure.coded;
    setError(messageText(t, failure.message, coded));
  };
  const submit = async () => {
    setError(null);
    try {
      const body = { subject_id: subjectId, teacher_id: teacherId, room };
      if (entry) await change({ id: entry.id, body }).unwrap();
      else await add({ ...body, section_id: section.id, day, period: period.period }).unwrap();
      onClose();
    } catch (e) {
      fail(e);
    }
  };
  const clear = async () => {
    if (!entry) return;
    try {
      await remove(entry.id).unwrap();
      onClose();
    } catch (e) {
      setConfirming(false);
      fail(e);
    }
  };

  if (confirming && entry)
    return (
      <Dialog open onClose={busy ? undefined : () => setConfirming(false)}>
        <DialogTitle>{t('academics.timetable.clear')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('academics.timetable.confirmClear', { subject: entry.subject_name, slot: where })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {t('academics.timetable.keep')}
          </Button>
          <Button color="error" variant="contained" onClick={clear} disabled={busy}>
            {t('academics.timetable.clear')}
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{where}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            select
            label={t('academics.timetable.fields.subject')}
            value={subjectId}
            onChange={(e) => setSubjectId(e.target.value)}
            helperText={taught.length ? undefined : t('academics.timetable.noSubjectsForClass')}
            required
          >
            {taught.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name} ({s.code})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('academics.timetable.fields.teacher')}
            value={teacherId}
            onChange={(e) => setTeacherId(e.target.value)}
            required
          >
            {teachers.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {`${s.first_name} ${s.last_name}`.trim()}
                {s.department ? ` · ${s.department}` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('academics.timetable.fields.room')}
            value={room}
            onChange={(e) => setRoom(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {entry && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
            {t('academics.timetable.clear')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {t('academics.timetable.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !subjectId || !teacherId}>
          {t('academics.timetable.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
