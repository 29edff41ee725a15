import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CalendarEvent,
  EVENT_AUDIENCES,
  EVENT_KINDS,
  type EventAudience,
  type EventKind,
} from '@schooliko/common/academics/calendar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useSchoolClassesQuery } from '../people/people.api';
import { useCancelCalendarEventMutation, useSaveCalendarEventMutation } from './calendar.api';
import { formatDay } from './dates';

type Draft = {
  title: string;
  kind: EventKind;
  starts_on: string;
  ends_on: string;
  audience: EventAudience;
  class_ids: string[];
  description: string;
  is_public: boolean;
};

const draftOf = (event: CalendarEvent | null, day: string): Draft => ({
  title: event?.title ?? '',
  kind: event?.kind ?? 'event',
  starts_on: event?.starts_on ?? day,
  ends_on: event?.ends_on ?? day,
  audience: event?.audience ?? 'all',
  class_ids: event?.class_ids ?? [],
  description: event?.description ?? '',
  is_public: event?.is_public ?? false,
});

/** Adds or edits an event (planners), with a confirmation before cancelling it. */
export function EventDialog({
  event,
  day,
  onClose,
}: {
  event: CalendarEvent | null;
  day: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data: classes = [] } = useSchoolClassesQuery();
  const [draft, setDraft] = useState(() => draftOf(event, day));
  const [save, saving] = useSaveCalendarEventMutation();
  const [cancel, cancelling] = useCancelCalendarEventMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const busy = saving.isLoading || cancelling.isLoading;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const fail = (e: unknown) => {
    const failure = failureOf(e, t('lists.failed'));
    setError(messageText(t, failure.message, failure.coded));
    setFieldErrors(
      Object.fromEntries(
        Object.entries(failure.errors).map(([field, text]) => [
          field,
          messageText(t, text, failure.codes[field]),
        ]),
      ),
    );
  };
  const submit = async () => {
    setError(null);
    setFieldErrors({});
    try {
      await save({ id: event?.id, body: draft }).unwrap();
      onClose();
    } catch (e) {
      fail(e);
    }
  };
  const cancelEvent = async () => {
    if (!event) return;
    try {
      await cancel(event.id).unwrap();
      onClose();
    } catch (e) {
      setConfirming(false);
      fail(e);
    }
  };

  if (confirming && event)
    return (
      <Dialog open onClose={busy ? undefined : () => setConfirming(false)}>
        <DialogTitle>{t('academics.calendar.cancelEvent')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('academics.calendar.confirmCancel', { title: event.title })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {t('academics.calendar.keep')}
          </Button>
          <Button color="error" variant="contained" onClick={cancelEvent} disabled={busy}>
            {t('academics.calendar.cancelEvent')}
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(event ? 'academics.calendar.editEvent' : 'academics.calendar.addEvent')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('academics.calendar.fields.title')}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            error={!!fieldErrors.title}
            helperText={fieldErrors.title}
            required
            autoFocus
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('academics.calendar.fields.kind')}
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as EventKind)}
            >
              {EVENT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`academics.calendar.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('academics.calendar.fields.audience')}
              value={draft.audience}
              onChange={(e) => set('audience', e.target.value as EventAudience)}
            >
              {EVENT_AUDIENCES.map((a) => (
                <MenuItem key={a} value={a}>
                  {t(`academics.calendar.audiences.${a}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              fullWidth
              label={t('academics.calendar.fields.startsOn')}
              value={draft.starts_on}
              onChange={(e) => {
                const starts = e.target.value;
                setDraft((d) => ({
                  ...d,
                  starts_on: starts,
                  ends_on: d.ends_on < starts ? starts : d.ends_on,
                }));
              }}
              error={!!fieldErrors.starts_on}
              helperText={fieldErrors.starts_on}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              fullWidth
              label={t('academics.calendar.fields.endsOn')}
              value={draft.ends_on}
              onChange={(e) => set('ends_on', e.target.value)}
              error={!!fieldErrors.ends_on}
              helperText={fieldErrors.ends_on}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <TextField
            select
            label={t('academics.calendar.fields.classes')}
            value={draft.class_ids}
            onChange={(e) => {
              const value = e.target.value as unknown as string[] | string;
              set('class_ids', typeof value === 'string' ? value.split(',') : value);
            }}
            error={!!fieldErrors.class_ids}
            helperText={fieldErrors.class_ids ?? t('academics.calendar.classesHelp')}
            slotProps={{
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (ids) =>
                  (ids as string[]).length === 0
                    ? t('academics.calendar.fields.allClasses')
                    : classes
                        .filter((c) => (ids as string[]).includes(c.id))
                        .map((c) => c.name)
                        .join(', '),
              },
              inputLabel: { shrink: true },
            }}
          >
            {classes.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                <Checkbox size="small" checked={draft.class_ids.includes(c.id)} />
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('academics.calendar.fields.description')}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            multiline
            minRows={2}
          />
          <FormControlLabel
            control={
              <Checkbox checked={draft.is_public} onChange={(e) => set('is_public', e.target.checked)} />
            }
            label={t('academics.calendar.fields.isPublic')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {event && !event.cancelled && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
            {t('academics.calendar.cancelEvent')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {t('academics.calendar.close')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !draft.title.trim()}>
          {t('academics.calendar.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An event as those it is for see it: what, when, for whom and the details. */
export function EventDetails({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const when =
    event.starts_on === event.ends_on
      ? formatDay(event.starts_on, i18n.language)
      : `${formatDay(event.starts_on, i18n.language)} – ${formatDay(event.ends_on, i18n.language)}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{event.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Typography color="text.secondary">
            {t(`academics.calendar.kinds.${event.kind}`)} ·{' '}
            {t(`academics.calendar.audiences.${event.audience}`)}
          </Typography>
          <Typography>{when}</Typography>
          {event.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{event.description}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('academics.calendar.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
