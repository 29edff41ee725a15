import Add from '@mui/icons-material/Add';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ReminderSchedule,
  type ReminderScheduleInput,
  reminderScheduleInput,
} from '@schooliko/common/fees/reminders';
import { CHANNELS } from '@schooliko/common/messaging';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField } from '../../kit/forms/typed-fields';
import { EmptyState } from '../../kit/lists/list-screen';
import { LoadFailed } from '../../kit/lists/load-failed';
import { toast } from '../../kit/toast/toast.slice';
import { useLiveJob } from '../jobs';
import { MessageLog } from './message-log';
import {
  messagingApi,
  useReminderLogQuery,
  useReminderSchedulesQuery,
  useRunRemindersMutation,
  useSaveReminderScheduleMutation,
  useSmsTemplatesQuery,
} from './messaging.api';

/** Reminder (/reminder): when fee reminders go (days from the due date), Run now, and the send log. */
export default function ReminderPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('messaging.reminders.title')}
      </Typography>
      <Typography color="text.secondary">{t('messaging.reminders.intro')}</Typography>
      <Schedules />
      <MessageLog
        title={t('messaging.reminders.log')}
        useList={useReminderLogQuery}
        empty={<EmptyState text={t('messaging.reminders.logEmpty')} />}
      />
    </Stack>
  );
}

const offsetText = (t: TFunction, days: number) =>
  days < 0
    ? t('messaging.reminders.before', { count: -days })
    : days === 0
      ? t('messaging.reminders.onDay')
      : t('messaging.reminders.after', { count: days });

function Schedules() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const schedules = useReminderSchedulesQuery();
  const [editing, setEditing] = useState<ReminderSchedule | 'new' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [run, running] = useRunRemindersMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const { job, finished } = useLiveJob(jobId);
  useEffect(() => {
    if (!finished || !job) return;
    dispatch(messagingApi.util.invalidateTags(['Messages']));
  }, [finished, job, dispatch]);
  const result =
    finished && job?.status === 'done' ? (job.result as { queued?: number; repeated?: number }) : null;

  if (schedules.isLoading) return <Skeleton variant="rectangular" height={160} />;
  if (schedules.isError) return <LoadFailed onRetry={() => schedules.refetch()} />;
  const items = schedules.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {t('messaging.reminders.schedules')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button startIcon={<Add />} onClick={() => setEditing('new')}>
              {t('messaging.reminders.add')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Send />}
              onClick={() => setConfirming(true)}
              disabled={items.length === 0 || (jobId !== null && !finished)}
            >
              {t('messaging.reminders.runNow')}
            </Button>
          </Stack>
        </Stack>
        {items.length === 0 && (
          <Typography color="text.secondary">{t('messaging.reminders.empty')}</Typography>
        )}
        {items.map((s) => (
          <Stack
            key={s.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', opacity: s.active ? 1 : 0.6 }}
            data-testid="reminder-schedule"
          >
            <div>
              <Typography sx={{ fontWeight: 600 }}>{offsetText(t, s.offset_days)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {s.channels.map((c) => t(`messaging.channel.${c}`)).join(' + ')}
                {s.sms_template_key ? ` · ${s.sms_template_key}` : ''}
                {s.active ? '' : ` · ${t('messaging.reminders.off')}`}
              </Typography>
            </div>
            <Button onClick={() => setEditing(s)}>{t('messaging.reminders.edit')}</Button>
          </Stack>
        ))}
        {jobId && !finished && <Alert severity="info">{t('messaging.reminders.running')}</Alert>}
        {result && (
          <Alert severity="success">
            {t('messaging.reminders.ran', { count: result.queued ?? 0, repeated: result.repeated ?? 0 })}
          </Alert>
        )}
        {finished && job?.status === 'failed' && (
          <Alert severity="error">{t('messaging.reminders.runFailed')}</Alert>
        )}
      </Stack>
      {editing && (
        <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('messaging.reminders.runTitle')}
          text={t('messaging.reminders.runText')}
          action={t('messaging.reminders.runNow')}
          color="primary"
          busy={running.isLoading}
          error={runError}
          onClose={() => {
            setConfirming(false);
            setRunError(null);
          }}
          onConfirm={async () => {
            try {
              const { job_id } = await run().unwrap();
              setJobId(job_id);
              setConfirming(false);
            } catch (e) {
              const failure = failureOf(e, t('lists.failed'));
              setRunError(messageText(t, failure.message, failure.coded) ?? null);
            }
          }}
        />
      )}
    </Paper>
  );
}

/** The dialog's fields: the days as typed and before or after the due date. */
type ScheduleValues = Omit<ReminderScheduleInput, 'offset_days' | 'sms_template_key'> & {
  days: string;
  when: 'before' | 'after';
  sms_template_key: string;
};

function ScheduleDialog({ schedule, onClose }: { schedule: ReminderSchedule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const templates = (useSmsTemplatesQuery().data ?? []).filter((tpl) => tpl.active && tpl.variables === 4);
  const [save] = useSaveReminderScheduleMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: reminderScheduleInput,
    defaultValues: {
      days: String(Math.abs(schedule?.offset_days ?? 3)),
      when: (schedule?.offset_days ?? -3) < 0 ? 'before' : 'after',
      channels: schedule?.channels ?? ['email'],
      sms_template_key: schedule?.sms_template_key ?? '',
      active: schedule?.active ?? true,
    } as ScheduleValues,
    toInput: ({ days, when, ...v }: ScheduleValues) => ({
      ...v,
      offset_days: when === 'before' ? -Number(days) : Number(days),
      sms_template_key: v.channels.includes('sms') ? v.sms_template_key : null,
    }),
    // The offset is typed as days before or after.
    fieldOf: (path) => (path === 'offset_days' ? 'days' : path),
    fallback: t('lists.failed'),
    send: async (body) => {
      await save({ id: schedule?.id, body }).unwrap();
      dispatch(toast.success(t('messaging.reminderMessages.scheduleSaved')));
      onClose();
    },
  });
  const _busy = form.formState.isSubmitting;
  const [days, channels, template] = useWatch({
    control: form.control,
    name: ['days', 'channels', 'sms_template_key'],
  });
  const firstTemplate = templates[0]?.key;
  useEffect(() => {
    if (!template && firstTemplate) form.setValue('sms_template_key', firstTemplate);
  }, [form, template, firstTemplate]);
  const valid = /^\d{1,2}$/.test(days) && channels.length > 0 && (!channels.includes('sms') || !!template);
  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={schedule ? t('messaging.reminders.edit') : t('messaging.reminders.add')}
      cancel={t('people.cancel')}
      onClose={onClose}
      action={t('messaging.save')}
      disabled={!valid}
      maxWidth="xs"
    >
      <Stack direction="row" spacing={2}>
        <RhfTextField<ScheduleValues>
          name="days"
          size="medium"
          fullWidth={false}
          label={t('messaging.reminders.days')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 110 }}
        />
        <RhfSelectField<ScheduleValues>
          name="when"
          size="medium"
          label={t('messaging.reminders.when')}
          options={[
            { value: 'before', label: t('messaging.reminders.beforeDue') },
            { value: 'after', label: t('messaging.reminders.afterDue') },
          ]}
        />
      </Stack>
      <Controller
        name="channels"
        control={form.control}
        render={({ field }) => (
          <FormGroup row>
            {CHANNELS.map((c) => (
              <FormControlLabel
                key={c}
                control={
                  <Checkbox
                    checked={field.value.includes(c)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked ? [...field.value, c] : field.value.filter((x) => x !== c),
                      )
                    }
                  />
                }
                label={t(`messaging.channel.${c}`)}
              />
            ))}
          </FormGroup>
        )}
      />
      {channels.includes('sms') && (
        <RhfSelectField<ScheduleValues>
          name="sms_template_key"
          size="medium"
          label={t('messaging.reminders.template')}
          options={templates.map((tpl) => ({ value: tpl.key, label: tpl.name }))}
          error={templates.length === 0}
          helperText={templates.length === 0 ? t('messaging.reminders.noTemplate') : ' '}
        />
      )}
      <RhfCheckField<ScheduleValues> name="active" toggle label={t('messaging.reminders.active')} />
    </SchemaFormDialog>
  );
}
