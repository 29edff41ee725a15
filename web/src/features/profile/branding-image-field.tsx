import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type BrandingSlot, brandingSlotMaxMb } from '@schooliko/common/profile-branding';
import { IMAGE_ACCEPT } from '@schooliko/common/uploads';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import type { AppDispatch, RootState } from '../../app/store';
import { type Said, useMessageText } from '../../kit/forms/messages';
import { checkImage } from '../../kit/upload-image';
import { BrandingUploadError, uploadBrandingImage } from './upload-branding';

type Store = { dispatch: AppDispatch; getState: () => RootState };

type Props = {
  slot: BrandingSlot;
  /** The form field holding the picture's address ('' for none). */
  name: string;
  label: string;
  /** The preview's height in pixels (a cover is wide, a logo small). */
  height?: number;
  /** Reports an upload in progress, so the form is not saved half-way. */
  onBusy: (busy: boolean) => void;
};

/**
 * One branding picture on Update Profile: its preview, a button that uploads the chosen file at
 * once (checked here first, then by the server's pipeline) with a progress bar, the reason when it
 * is refused, and Remove.
 */
export function BrandingImageField({ slot, name, label, height = 120, onBusy }: Props) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const store = useStore() as unknown as Store;
  const inputId = useId();
  const { field } = useController({ name });
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<Said | null>(null);
  const maxMb = brandingSlotMaxMb(slot);
  const url = String(field.value ?? '');
  const uploading = progress !== null;

  const choose = async (file: File) => {
    const wrong = checkImage(file, maxMb);
    setProblem(wrong ? { message: wrong } : null);
    if (wrong) return;
    setProgress(0);
    onBusy(true);
    try {
      field.onChange(await uploadBrandingImage(slot, file, store, setProgress));
    } catch (error) {
      setProblem(
        error instanceof BrandingUploadError
          ? { message: error.message, ...(error.coded ? { coded: error.coded } : {}) }
          : { message: t('profile.branding.uploadFailed') },
      );
    } finally {
      setProgress(null);
      onBusy(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        sx={{
          height,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          borderStyle: url ? 'solid' : 'dashed',
          bgcolor: 'grey.50',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('profile.branding.preview', { label })}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageOutlined />
            <Typography variant="caption">{t('profile.branding.none')}</Typography>
          </Stack>
        )}
      </Box>
      {uploading ? (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t('profile.branding.uploading', { label, progress })}
        />
      ) : (
        <Box sx={{ height: 4 }} />
      )}
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" size="small" disabled={uploading}>
          {url ? t('profile.branding.change') : t('profile.branding.choose')}
          <input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            aria-label={label}
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void choose(file);
              event.target.value = '';
            }}
          />
        </Button>
        {url && !uploading && (
          <Button
            size="small"
            color="inherit"
            onClick={() => field.onChange('')}
            aria-label={t('profile.branding.removeLabel', { label })}
          >
            {t('profile.branding.remove')}
          </Button>
        )}
      </Stack>
      {problem ? (
        <Typography role="alert" variant="caption" color="error">
          {tr(problem.message, problem.coded)}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('profile.branding.help', { mb: maxMb })}
        </Typography>
      )}
    </Stack>
  );
}
