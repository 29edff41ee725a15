import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CalendarEvent,
  calendarEventInputSchema,
  EVENT_AUDIENCES,
  EVENT_KINDS,
  type EventAudience,
  type EventKind,
} from '@schooliko/common/academics/calendar';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField, RhfDateField, RhfMultiSelectField } from '../../kit/forms/typed-fields';
import { useSchoolClassesQuery } from '../people';
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
  const [save] = useSaveCalendarEventMutation();
  const [cancel, cancelling] = useCancelCalendarEventMutation();
  const [confirming, setConfirming] = useState(false);
  const { form, submit, alert, setAlert } = useSchemaForm({
    schema: calendarEventInputSchema,
    defaultValues: draftOf(event, day),
    fallback: t('lists.failed'),
    send: async (body) => {
      await save({ id: event?.id, body }).unwrap();
      onClose();
    },
  });
  const busy = form.formState.isSubmitting || cancelling.isLoading;
  const title = useWatch({ control: form.control, name: 'title' });

  const cancelEvent = async () => {
    if (!event) return;
    try {
      await cancel(event.id).unwrap();
      onClose();
    } catch (e) {
      setConfirming(false);
      const failure = failureOf(e, t('lists.failed'));
      setAlert(messageText(t, failure.message, failure.coded));
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
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={t(event ? 'academics.calendar.editEvent' : 'academics.calendar.addEvent')}
      cancel={t('academics.calendar.close')}
      onClose={onClose}
      action={t('academics.calendar.save')}
      disabled={!title.trim()}
      busy={busy}
      actionsSx={{ flexWrap: 'wrap', gap: 1 }}
      alertFirst
      actions={
        event &&
        !event.cancelled && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
            {t('academics.calendar.cancelEvent')}
          </Button>
        )
      }
    >
      <RhfTextField<Draft>
        name="title"
        size="medium"
        label={t('academics.calendar.fields.title')}
        required
        autoFocus
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfSelectField<Draft>
          name="kind"
          size="medium"
          label={t('academics.calendar.fields.kind')}
          options={EVENT_KINDS.map((k) => ({ value: k, label: t(`academics.calendar.kinds.${k}`) }))}
        />
        <RhfSelectField<Draft>
          name="audience"
          size="medium"
          label={t('academics.calendar.fields.audience')}
          options={EVENT_AUDIENCES.map((a) => ({
            value: a,
            label: t(`academics.calendar.audiences.${a}`),
          }))}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfDateField<Draft>
          name="starts_on"
          size="medium"
          label={t('academics.calendar.fields.startsOn')}
          onValueChange={(starts) => {
            if (form.getValues('ends_on') < starts) form.setValue('ends_on', starts);
          }}
        />
        <RhfDateField<Draft> name="ends_on" size="medium" label={t('academics.calendar.fields.endsOn')} />
      </Stack>
      <RhfMultiSelectField<Draft>
        name="class_ids"
        label={t('academics.calendar.fields.classes')}
        options={classes.map((c) => ({ value: c.id, label: c.name }))}
        emptyLabel={t('academics.calendar.fields.allClasses')}
        checkboxes
        helperText={t('academics.calendar.classesHelp')}
      />
      <RhfTextField<Draft>
        name="description"
        size="medium"
        label={t('academics.calendar.fields.description')}
        multiline
        minRows={2}
      />
      <RhfCheckField<Draft> name="is_public" label={t('academics.calendar.fields.isPublic')} />
    </SchemaFormDialog>
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
