import CloudUpload from '@mui/icons-material/CloudUpload';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GROUP_LOGO_ACCEPT, GROUP_LOGO_MAX_MB } from '@schooliko/common/group-logo';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../kit/forms/messages';
import type { LogoError, LogoState } from './use-group-logo';

type Props = {
  state: LogoState;
  error: LogoError | null;
  /** Type, name, city and a 6-digit pincode are filled in. */
  ready: boolean;
  onSelect: (file: File | null) => void;
  onUpload: () => void;
  onRemove: () => void;
};

/** Spec 2.14 / 4.8 / 5.8: the Group Logo panel (select, preview, upload with progress, change, remove). */
export function GroupLogoPanel({ state, error, ready, onSelect, onUpload, onRemove }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const pick = () => input.current?.click();

  const errorText = (() => {
    if (!error) return null;
    if ('prerequisites' in error) return t('groups.logo.prerequisites');
    if ('upload' in error) return error.upload ? messageText(t, error.upload) : t('groups.logo.uploadFailed');
    const { problem } = error;
    if (problem.code === 'tooLarge')
      return t('groups.logo.tooLarge', { max: problem.max, size: problem.size });
    return t(`groups.logo.${problem.code}`);
  })();

  const preview = state.phase === 'none' ? null : state.preview;
  const busy = state.phase === 'uploading';

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('groups.form.logoSection')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar
          variant="rounded"
          src={preview ?? undefined}
          alt={preview ? t('groups.logo.previewAlt') : undefined}
          sx={{
            width: 112,
            height: 112,
            bgcolor: 'grey.100',
            color: 'grey.500',
            border: 1,
            borderColor: 'divider',
          }}
          slotProps={{ img: { sx: { objectFit: 'contain' } } }}
        >
          <ImageOutlined sx={{ fontSize: 48 }} />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <input
            ref={input}
            type="file"
            accept={GROUP_LOGO_ACCEPT}
            hidden
            data-testid="group-logo-input"
            onChange={(e) => {
              onSelect(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {state.phase === 'none' ? (
              <Button variant="outlined" startIcon={<ImageOutlined />} onClick={pick}>
                {t('groups.logo.select')}
              </Button>
            ) : (
              <>
                <Button variant="outlined" onClick={pick} disabled={busy}>
                  {t('groups.logo.change')}
                </Button>
                <Button color="error" startIcon={<DeleteOutlined />} onClick={onRemove} disabled={busy}>
                  {t('groups.logo.remove')}
                </Button>
              </>
            )}
            {state.phase !== 'none' && (
              <Button
                variant="contained"
                color={state.phase === 'uploaded' ? 'success' : 'primary'}
                startIcon={state.phase === 'uploaded' ? undefined : <CloudUpload />}
                onClick={onUpload}
                disabled={state.phase !== 'selected' || !ready}
                sx={
                  state.phase === 'uploaded'
                    ? { '&.Mui-disabled': { bgcolor: 'success.main', color: 'success.contrastText' } }
                    : undefined
                }
              >
                {state.phase === 'uploaded' ? t('groups.logo.uploadedButton') : t('groups.logo.upload')}
              </Button>
            )}
          </Stack>
          {busy && (
            <Box sx={{ mt: 1.5 }}>
              <LinearProgress
                variant="determinate"
                value={state.progress}
                aria-label={t('groups.logo.uploading', { progress: state.progress })}
              />
              <Typography variant="caption" color="text.secondary">
                {t('groups.logo.uploading', { progress: state.progress })}
              </Typography>
            </Box>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('groups.logo.hint', { max: GROUP_LOGO_MAX_MB })}
          </Typography>
          {state.phase === 'selected' && !ready && !errorText && (
            <Typography variant="caption" color="warning.dark" component="p">
              {t('groups.logo.prerequisites')}
            </Typography>
          )}
        </Box>
      </Stack>
      {errorText && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText}
        </Alert>
      )}
    </Paper>
  );
}
