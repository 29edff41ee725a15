import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AttendanceSettings, attendanceSettingsSchema } from '@schooliko/common/academics/attendance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { messageText } from '../forms/messages';
import { LoadFailed } from '../lists/load-failed';
import { toast } from '../toast/toast.slice';
import { useAttendanceSettingsQuery, useSaveAttendanceSettingsMutation } from './attendance.api';

/** The attendance settings tab (approvers): after how many days a teacher's change needs approval. */
export function AttendanceSettingsPanel() {
  const settings = useAttendanceSettingsQuery();
  if (settings.isLoading) return <Skeleton variant="rounded" height={220} sx={{ maxWidth: 640 }} />;
  if (settings.isError || !settings.data) return <LoadFailed onRetry={settings.refetch} />;
  return <EditWindowForm key={settings.data.edit_window_days} saved={settings.data} />;
}

function EditWindowForm({ saved }: { saved: AttendanceSettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveAttendanceSettingsMutation();
  const [days, setDays] = useState(String(saved.edit_window_days));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    // The server's own schema checks it first: a whole number of days from 0 to 60.
    const parsed = attendanceSettingsSchema.safeParse({
      edit_window_days: days.trim() === '' ? Number.NaN : Number(days),
    });
    if (!parsed.success) {
      setFieldError(messageText(t, parsed.error.issues[0]?.message));
      return;
    }
    try {
      await save(parsed.data).unwrap();
      dispatch(toast.success(t('academics.messages.attendance.settingsSaved')));
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      const field = failure.errors.edit_window_days;
      if (field) setFieldError(messageText(t, field, failure.codes.edit_window_days));
      else setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-labelledby="attendance-edit-window"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ p: 2, maxWidth: 640 }}
    >
      <Stack spacing={2}>
        <Typography id="attendance-edit-window" variant="h6" component="h2">
          {t('academics.attendance.settings.title')}
        </Typography>
        <Typography color="text.secondary">{t('academics.attendance.settings.intro')}</Typography>
        <TextField
          label={t('academics.attendance.settings.days')}
          value={days}
          onChange={(e) => {
            setDays(e.target.value.replace(/[^0-9]/g, ''));
            setFieldError(null);
          }}
          error={!!fieldError}
          helperText={
            fieldError ??
            t('academics.attendance.settings.help', {
              count: Number(days) || 0,
            })
          }
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
        {error && <Alert severity="error">{error}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={saving.isLoading || days === String(saved.edit_window_days)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('academics.attendance.settings.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
