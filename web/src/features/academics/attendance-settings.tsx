import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AttendanceSettings, attendanceSettingsSchema } from '@schooliko/common/academics/attendance';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { LoadFailed } from '../../kit/lists/load-failed';
import { toast } from '../../kit/toast/toast.slice';
import { useAttendanceSettingsQuery, useSaveAttendanceSettingsMutation } from './attendance.api';

/** The attendance settings tab (approvers): after how many days a teacher's change needs approval. */
export function AttendanceSettingsPanel() {
  const settings = useAttendanceSettingsQuery();
  if (settings.isLoading) return <Skeleton variant="rounded" height={220} sx={{ maxWidth: 640 }} />;
  if (settings.isError || !settings.data) return <LoadFailed onRetry={settings.refetch} />;
  return <EditWindowForm key={settings.data.edit_window_days} saved={settings.data} />;
}

/** The days as typed (digits only). */
type Values = { edit_window_days: string };

function EditWindowForm({ saved }: { saved: AttendanceSettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [save] = useSaveAttendanceSettingsMutation();
  // The server's own schema checks it first: a whole number of days from 0 to 60.
  const { form, submit, alert } = useSchemaForm({
    schema: attendanceSettingsSchema,
    defaultValues: { edit_window_days: String(saved.edit_window_days) } as Values,
    toInput: ({ edit_window_days: days }: Values) => ({
      edit_window_days: days.trim() === '' ? Number.NaN : Number(days),
    }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await save(body).unwrap();
      dispatch(toast.success(t('academics.messages.attendance.settingsSaved')));
    },
  });
  const days = useWatch({ control: form.control, name: 'edit_window_days' });
  return (
    <FormProvider {...form}>
      <Paper
        variant="outlined"
        component="form"
        aria-labelledby="attendance-edit-window"
        noValidate
        onSubmit={submit}
        sx={{ p: 2, maxWidth: 640 }}
      >
        <Stack spacing={2}>
          <Typography id="attendance-edit-window" variant="h6" component="h2">
            {t('academics.attendance.settings.title')}
          </Typography>
          <Typography color="text.secondary">{t('academics.attendance.settings.intro')}</Typography>
          <RhfTextField<Values>
            name="edit_window_days"
            size="medium"
            fullWidth={false}
            label={t('academics.attendance.settings.days')}
            clean={(raw) => raw.replace(/[^0-9]/g, '')}
            helperText={t('academics.attendance.settings.help', { count: Number(days) || 0 })}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 2 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">{t('academics.attendance.settings.unit')}</InputAdornment>
                ),
              },
            }}
            sx={{ maxWidth: 280 }}
          />
          <FormAlert text={alert} />
          <SubmitButton
            type="submit"
            disabled={days === String(saved.edit_window_days)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('academics.attendance.settings.save')}
          </SubmitButton>
        </Stack>
      </Paper>
    </FormProvider>
  );
}
