import Add from '@mui/icons-material/Add';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReminderSchedule } from '@schooliko/common/fees/reminders';
import { CHANNELS, type Channel } from '@schooliko/common/messaging';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
import { useLiveJob } from '../jobs/jobs.api';
import { EmptyState } from '../lists/list-screen';
import { LoadFailed } from '../lists/load-failed';
import { toast } from '../toast/toast.slice';
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

function ScheduleDialog({ schedule, onClose }: { schedule: ReminderSchedule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const templates = (useSmsTemplatesQuery().data ?? []).filter((tpl) => tpl.active && tpl.variables === 4);
  const [save, { isLoading }] = useSaveReminderScheduleMutation();
  const [when, setWhen] = useState<'before' | 'after'>(
    (schedule?.offset_days ?? -3) < 0 ? 'before' : 'after',
  );
  const [days, setDays] = useState(String(Math.abs(schedule?.offset_days ?? 3)));
  const [channels, setChannels] = useState<Channel[]>(schedule?.channels ?? ['email']);
  const [template, setTemplate] = useState(schedule?.sms_template_key ?? '');
  const [active, setActive] = useState(schedule?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!template && templates[0]) setTemplate(templates[0].key);
  }, [template, templates]);
  const number = Number(days);
  const valid = /^\d{1,2}$/.test(days) && channels.length > 0 && (!channels.includes('sms') || !!template);
  const submit = async () => {
    setErrors({});
    setError(null);
    try {
      await save({
        id: schedule?.id,
        body: {
          offset_days: when === 'before' ? -number : number,
          channels,
          sms_template_key: channels.includes('sms') ? template : null,
          active,
        },
      }).unwrap();
      dispatch(toast.success(t('messaging.reminderMessages.scheduleSaved')));
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setErrors(
        Object.fromEntries(
          Object.entries(failure.errors).map(([k, v]) => [k, messageText(t, v, failure.codes[k]) ?? v]),
        ),
      );
      setError(messageText(t, failure.message, failure.coded) ?? null);
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{schedule ? t('messaging.reminders.edit') : t('messaging.reminders.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('messaging.reminders.days')}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={!!errors.offset_days}
              helperText={errors.offset_days}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: 110 }}
            />
            <TextField
              select
              label={t('messaging.reminders.when')}
              value={when}
              onChange={(e) => setWhen(e.target.value as 'before' | 'after')}
              fullWidth
            >
              <MenuItem value="before">{t('messaging.reminders.beforeDue')}</MenuItem>
              <MenuItem value="after">{t('messaging.reminders.afterDue')}</MenuItem>
            </TextField>
          </Stack>
          <FormGroup row>
            {CHANNELS.map((c) => (
              <FormControlLabel
                key={c}
                control={
                  <Checkbox
                    checked={channels.includes(c)}
                    onChange={(e) =>
                      setChannels(e.target.checked ? [...channels, c] : channels.filter((x) => x !== c))
                    }
                  />
                }
                label={t(`messaging.channel.${c}`)}
              />
            ))}
          </FormGroup>
          {channels.includes('sms') && (
            <TextField
              select
              label={t('messaging.reminders.template')}
              value={template}
              onChange={(e) => setTemplate(e.target.value)}
              error={!!errors.sms_template_key || templates.length === 0}
              helperText={
                errors.sms_template_key ??
                (templates.length === 0 ? t('messaging.reminders.noTemplate') : ' ')
              }
            >
              {templates.map((tpl) => (
                <MenuItem key={tpl.id} value={tpl.key}>
                  {tpl.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={t('messaging.reminders.active')}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('people.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={isLoading || !valid}>
          {t('messaging.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
