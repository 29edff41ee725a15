import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type MessagingSettings,
  messagingSettingsInput,
  type SmsTemplate,
  type SmsTemplateInput,
  smsTemplateInput,
} from '@schooliko/common/messaging';
import { useEffect, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField, RhfTimeField } from '../../kit/forms/typed-fields';
import { EmptyState } from '../../kit/lists/list-screen';
import { LoadFailed } from '../../kit/lists/load-failed';
import { toast } from '../../kit/toast/toast.slice';
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
  const settings = useMessagingSettingsQuery();
  if (settings.isLoading) return <Skeleton variant="rectangular" height={240} />;
  if (settings.isError || !settings.data) return <LoadFailed onRetry={() => settings.refetch()} />;
  return <SettingsForm canConfigure={canConfigure} saved={settings.data} />;
}

type SettingsValues = Omit<MessagingSettings, 'provider' | 'configured'>;
const settingsOf = ({ provider: _p, configured: _c, ...values }: MessagingSettings): SettingsValues => values;

function SettingsForm({ canConfigure, saved }: { canConfigure: boolean; saved: MessagingSettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [save] = useSaveMessagingSettingsMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: messagingSettingsInput,
    defaultValues: settingsOf(saved),
    fallback: t('lists.failed'),
    send: async (body) => {
      await save(body).unwrap();
      dispatch(toast.success(t('messaging.messages.settingsSaved')));
    },
  });
  useEffect(() => {
    form.reset(settingsOf(saved));
  }, [form, saved]);
  const quiet = useWatch({ control: form.control, name: 'quiet_hours' });
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <Stack spacing={2}>
          {!saved.configured && <Alert severity="info">{t('messaging.settings.notConfigured')}</Alert>}
          <Alert severity={saved.provider === 'gateway' ? 'success' : 'info'}>
            {t(`messaging.settings.provider.${saved.provider}`)}
          </Alert>
          <RhfTextField<SettingsValues>
            name="dlt_entity_id"
            size="medium"
            label={t('messaging.settings.entityId')}
            helperText={t('messaging.settings.entityIdHelp')}
            disabled={!canConfigure}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <RhfTextField<SettingsValues>
            name="sender_header"
            size="medium"
            label={t('messaging.settings.header')}
            clean={(raw) => raw.toUpperCase()}
            helperText={t('messaging.settings.headerHelp')}
            disabled={!canConfigure}
            slotProps={{ htmlInput: { maxLength: 6 } }}
          />
          <RhfCheckField<SettingsValues>
            name="quiet_hours"
            toggle
            label={t('messaging.settings.quietHours')}
            disabled={!canConfigure}
          />
          <Stack direction="row" spacing={2}>
            <RhfTimeField<SettingsValues>
              name="quiet_from"
              size="medium"
              label={t('messaging.settings.quietFrom')}
              disabled={!canConfigure || !quiet}
            />
            <RhfTimeField<SettingsValues>
              name="quiet_until"
              size="medium"
              label={t('messaging.settings.quietUntil')}
              disabled={!canConfigure || !quiet}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('messaging.settings.quietHelp')}
          </Typography>
          <FormAlert text={alert} />
          {canConfigure && (
            <SubmitButton onClick={() => void submit()} sx={{ alignSelf: 'flex-start' }}>
              {t('messaging.save')}
            </SubmitButton>
          )}
        </Stack>
      </Paper>
    </FormProvider>
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

const NO_TEMPLATE: SmsTemplateInput = { key: '', name: '', dlt_template_id: '', text: '' };

function AddTemplate({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [add] = useAddSmsTemplateMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: smsTemplateInput,
    defaultValues: NO_TEMPLATE,
    fallback: t('lists.failed'),
    send: async (body) => {
      await add(body).unwrap();
      dispatch(toast.success(t('messaging.messages.templateAdded')));
      onClose();
    },
  });
  const _busy = form.formState.isSubmitting;
  const field = (name: keyof SmsTemplateInput, extra: object = {}) => (
    <RhfTextField<SmsTemplateInput>
      name={name}
      size="medium"
      label={t(`messaging.templates.${name}`)}
      helperText={t(`messaging.templates.${name}Help`)}
      required
      {...extra}
    />
  );
  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={t('messaging.templates.add')}
      cancel={t('people.cancel')}
      onClose={onClose}
      action={t('messaging.templates.save')}
    >
      {field('name')}
      {field('key')}
      {field('dlt_template_id', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
      {field('text', { multiline: true, minRows: 3 })}
    </SchemaFormDialog>
  );
}
