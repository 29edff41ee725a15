import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  DAY_NAMES,
  type Period,
  type TimetableEntry,
  timetableEntryInputSchema,
} from '@schooliko/common/academics/timetable';
import type { Section } from '@schooliko/common/people/classes';
import type { Staff } from '@schooliko/common/people/staff';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import {
  useAddEntryMutation,
  useChangeEntryMutation,
  useRemoveEntryMutation,
  useSubjectsQuery,
} from './timetable.api';

/** A clash names the day in English: the reader's language names it by its number (message and field). */
function withDayNamed(t: TFunction, error: unknown) {
  type Said = { code?: string; params?: Record<string, unknown> };
  const named = (said: Said | undefined) => {
    const day = DAY_NAMES.indexOf(String(said?.params?.day ?? '') as (typeof DAY_NAMES)[number]);
    return said?.params && day > 0
      ? { ...said, params: { ...said.params, day: t(`academics.timetable.days.${day}`) } }
      : said;
  };
  const e = error as { data?: Said & { codes?: Record<string, Said> } };
  if (!e?.data) return error;
  const codes =
    e.data.codes && Object.fromEntries(Object.entries(e.data.codes).map(([k, v]) => [k, named(v)]));
  return { ...e, data: { ...named(e.data), ...(codes && { codes }) } };
}

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
  const [add] = useAddEntryMutation();
  const [change] = useChangeEntryMutation();
  const [remove, removing] = useRemoveEntryMutation();
  const [confirming, setConfirming] = useState(false);
  const { form, submit, alert, setAlert } = useSchemaForm({
    schema: timetableEntryInputSchema,
    defaultValues: {
      subject_id: entry?.subject_id ?? '',
      teacher_id: entry?.teacher_id ?? '',
      room: entry ? entry.room : section.room,
    },
    toInput: (v) => ({ ...v, section_id: section.id, day, period: period.period }),
    fallback: t('lists.failed'),
    send: async ({ subject_id, teacher_id, room, ...slot }) => {
      const body = { subject_id, teacher_id, room };
      try {
        if (entry) await change({ id: entry.id, body }).unwrap();
        else await add({ ...body, ...slot }).unwrap();
      } catch (e) {
        throw withDayNamed(t, e);
      }
      onClose();
    },
  });
  const busy = form.formState.isSubmitting || removing.isLoading;
  const [subjectId, teacherId] = useWatch({ control: form.control, name: ['subject_id', 'teacher_id'] });
  const where = t('academics.timetable.slot', {
    section: section.label,
    day: t(`academics.timetable.days.${day}`),
    period: period.label,
  });

  const clear = async () => {
    if (!entry) return;
    try {
      await remove(entry.id).unwrap();
      onClose();
    } catch (e) {
      setConfirming(false);
      const failure = failureOf(withDayNamed(t, e), t('lists.failed'));
      setAlert(messageText(t, failure.message, failure.coded));
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
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={where}
      cancel={t('academics.timetable.cancel')}
      onClose={onClose}
      action={t('academics.timetable.save')}
      disabled={!subjectId || !teacherId}
      busy={busy}
      actionsSx={{ flexWrap: 'wrap' }}
      maxWidth="xs"
      alertFirst
      actions={
        entry && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
            {t('academics.timetable.clear')}
          </Button>
        )
      }
    >
      <RhfSelectField
        name="subject_id"
        size="medium"
        label={t('academics.timetable.fields.subject')}
        options={taught.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
        helperText={taught.length ? undefined : t('academics.timetable.noSubjectsForClass')}
        required
      />
      <RhfSelectField
        name="teacher_id"
        size="medium"
        label={t('academics.timetable.fields.teacher')}
        options={teachers.map((s) => ({
          value: s.id,
          label: `${`${s.first_name} ${s.last_name}`.trim()}${s.department ? ` · ${s.department}` : ''}`,
        }))}
        required
      />
      <RhfTextField
        name="room"
        size="medium"
        label={t('academics.timetable.fields.room')}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
    </SchemaFormDialog>
  );
}
