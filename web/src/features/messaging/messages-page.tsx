import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessagingSettings, SmsTemplate } from '@schooliko/common/messaging';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
import { EmptyState } from '../lists/list-screen';
import { LoadFailed } from '../lists/load-failed';
import { toast } from '../toast/toast.slice';
import { MessageLog } from './message-log';
import {
  useAddSmsTemplateMutation,
  useDeactivateSmsTemplateMutation,
  useMessagesQuery,
  useMessagingSettingsQuery,
  useSaveMessagingSettingsMutation,
  useSmsTemplatesQuery,
} from './messaging.api';

const TABS = ['log', 'templates', 'settings'] as const;

/** Messages (/messages): the send log, the DLT-registered SMS templates, and the DLT settings. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('log');
  const canConfigure = useAppSelector(
    (s) => s.auth.user?.permissions?.includes('messaging:configure') ?? false,
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('messaging.title')}
      </Typography>
      <Typography color="text.secondary">{t('messaging.intro')}</Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`messaging.tabs.${k}`)} />
        ))}
      </Tabs>
      {tab === 'log' && (
        <MessageLog
          title={t('messaging.log.title')}
          useList={useMessagesQuery}
          empty={<EmptyState text={t('messaging.log.empty')} />}
        />
      )}
      {tab === 'templates' && <Templates canConfigure={canConfigure} />}
      {tab === 'settings' && <Settings canConfigure={canConfigure} />}
    </Stack>
  );
}

function Settings({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const settings = useMessagingSettingsQuery();
  const [save, { isLoading }] = useSaveMessagingSettingsMutation();
  const [draft, setDraft] = useState<MessagingSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (settings.isLoading) return <Skeleton variant="rectangular" height={240} />;
  if (settings.isError || !draft) return <LoadFailed onRetry={() => settings.refetch()} />;
  const set = (patch: Partial<MessagingSettings>) => setDraft({ ...draft, ...patch });
  const submit = async () => {
    setErrors({});
    setError(null);
    try {
      await save({
        dlt_entity_id: draft.dlt_entity_id,
        sender_header: draft.sender_header.toUpperCase(),
        quiet_hours: draft.quiet_hours,
        quiet_from: draft.quiet_from,
        quiet_until: draft.quiet_until,
      }).unwrap();
      dispatch(toast.success(t('messaging.messages.settingsSaved')));
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
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
      <Stack spacing={2}>
        {!settings.data?.configured && <Alert severity="info">{t('messaging.settings.notConfigured')}</Alert>}
        <Alert severity={settings.data?.provider === 'gateway' ? 'success' : 'info'}>
          {t(`messaging.settings.provider.${settings.data?.provider ?? 'outbox'}`)}
        </Alert>
        <TextField
          label={t('messaging.settings.entityId')}
          value={draft.dlt_entity_id}
          onChange={(e) => set({ dlt_entity_id: e.target.value })}
          error={!!errors.dlt_entity_id}
          helperText={errors.dlt_entity_id ?? t('messaging.settings.entityIdHelp')}
          disabled={!canConfigure}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label={t('messaging.settings.header')}
          value={draft.sender_header}
          onChange={(e) => set({ sender_header: e.target.value.toUpperCase() })}
          error={!!errors.sender_header}
          helperText={errors.sender_header ?? t('messaging.settings.headerHelp')}
          disabled={!canConfigure}
          slotProps={{ htmlInput: { maxLength: 6 } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.quiet_hours}
              onChange={(e) => set({ quiet_hours: e.target.checked })}
              disabled={!canConfigure}
            />
          }
          label={t('messaging.settings.quietHours')}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            type="time"
            label={t('messaging.settings.quietFrom')}
            value={draft.quiet_from}
            onChange={(e) => set({ quiet_from: e.target.value })}
            error={!!errors.quiet_from}
            helperText={errors.quiet_from}
            disabled={!canConfigure || !draft.quiet_hours}
            fullWidth
          />
          <TextField
            type="time"
            label={t('messaging.settings.quietUntil')}
            value={draft.quiet_until}
            onChange={(e) => set({ quiet_until: e.target.value })}
            error={!!errors.quiet_until}
            helperText={errors.quiet_until}
            disabled={!canConfigure || !draft.quiet_hours}
            fullWidth
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('messaging.settings.quietHelp')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {canConfigure && (
          <Button variant="contained" onClick={submit} disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
            {t('messaging.save')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Templates({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const templates = useSmsTemplatesQuery();
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<SmsTemplate | null>(null);
  const [deactivate, { isLoading }] = useDeactivateSmsTemplateMutation();
  const [error, setError] = useState<string | null>(null);
  if (templates.isLoading) return <Skeleton variant="rectangular" height={200} />;
  if (templates.isError) return <LoadFailed onRetry={() => templates.refetch()} />;
  const items = templates.data ?? [];
  return (
    <Stack spacing={2}>
      {canConfigure && (
        <Button
          startIcon={<Add />}
          variant="contained"
          onClick={() => setAdding(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('messaging.templates.add')}
        </Button>
      )}
      {items.length === 0 && <Typography color="text.secondary">{t('messaging.templates.empty')}</Typography>}
      {items.map((tpl) => (
        <Paper key={tpl.id} variant="outlined" sx={{ p: 2, opacity: tpl.active ? 1 : 0.6 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
            <div>
              <Typography sx={{ fontWeight: 600 }}>
                {tpl.name}{' '}
                <Chip
                  size="small"
                  label={tpl.active ? t('messaging.templates.active') : t('messaging.templates.inactive')}
                  color={tpl.active ? 'success' : 'default'}
                />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('messaging.templates.meta', {
                  key: tpl.key,
                  id: tpl.dlt_template_id,
                  count: tpl.variables,
                })}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-word' }}>
                {tpl.text}
              </Typography>
            </div>
            {canConfigure && tpl.active && (
              <Button color="warning" onClick={() => setEnding(tpl)} sx={{ alignSelf: 'flex-start' }}>
                {t('messaging.templates.deactivate')}
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      {adding && <AddTemplate onClose={() => setAdding(false)} />}
      {ending && (
        <ConfirmDialog
          title={t('messaging.templates.deactivateTitle', { name: ending.name })}
          text={t('messaging.templates.deactivateText')}
          action={t('messaging.templates.deactivate')}
          busy={isLoading}
          error={error}
          onClose={() => {
            setEnding(null);
            setError(null);
          }}
          onConfirm={async () => {
            try {
              await deactivate(ending.id).unwrap();
              dispatch(toast.success(t('messaging.messages.templateDeactivated')));
              setEnding(null);
            } catch (e) {
              const failure = failureOf(e, t('lists.failed'));
              setError(messageText(t, failure.message, failure.coded) ?? null);
            }
          }}
        />
      )}
    </Stack>
  );
}

function AddTemplate({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [add, { isLoading }] = useAddSmsTemplateMutation();
  const [draft, setDraft] = useState({ key: '', name: '', dlt_template_id: '', text: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof typeof draft, extra: object = {}) => (
    <TextField
      label={t(`messaging.templates.${name}`)}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      error={!!errors[name]}
      helperText={errors[name] ?? t(`messaging.templates.${name}Help`)}
      required
      fullWidth
      {...extra}
    />
  );
  const submit = async () => {
    setErrors({});
    setError(null);
    try {
      await add(draft).unwrap();
      dispatch(toast.success(t('messaging.messages.templateAdded')));
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setErrors(
        Object.fromEntries(
          Object.entries(failure.errors).map(([k, v]) => [k, messageText(t, v, failure.codes[k]) ?? v]),
        ),
      );
      if (!Object.keys(failure.errors).length)
        setError(messageText(t, failure.message, failure.coded) ?? null);
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('messaging.templates.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name')}
          {field('key')}
          {field('dlt_template_id', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
          {field('text', { multiline: true, minRows: 3 })}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('people.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={isLoading}>
          {t('messaging.templates.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
