import CheckCircle from '@mui/icons-material/CheckCircle';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_ACCEPT } from '@schooliko/common/uploads';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageSlot } from './registration.state';

type Props = {
  label: string;
  slot: ImageSlot;
  maxMb: number;
  disabled?: boolean;
  onChoose: (file: File) => void;
};

/** One picture: a preview, a button to choose it, its upload progress and an "Uploaded" mark. */
export function ImagePicker({ label, slot, maxMb, disabled = false, onChoose }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const uploading = slot.progress !== null && !slot.url;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        sx={{
          height: 120,
          borderRadius: 1,
          border: 1,
          borderColor: slot.url ? 'success.main' : 'divider',
          borderStyle: slot.preview ? 'solid' : 'dashed',
          bgcolor: 'grey.50',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        {slot.preview ? (
          <Box
            component="img"
            src={slot.preview}
            alt={t('domainRegistration.images.preview', { label })}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageOutlined />
            <Typography variant="caption">{t('domainRegistration.images.notChosen')}</Typography>
          </Stack>
        )}
        {slot.url && (
          <CheckCircle
            color="success"
            titleAccess={t('domainRegistration.images.uploaded')}
            sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'common.white', borderRadius: '50%' }}
          />
        )}
      </Box>
      {uploading ? (
        <LinearProgress
          variant="determinate"
          value={slot.progress ?? 0}
          aria-label={t('domainRegistration.images.uploading', { label, progress: slot.progress ?? 0 })}
        />
      ) : (
        <Box sx={{ height: 4 }} />
      )}
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size="small"
        disabled={disabled || uploading}
      >
        {slot.file ? t('domainRegistration.images.change') : t('domainRegistration.images.choose')}
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          aria-label={label}
          disabled={disabled || uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChoose(file);
            event.target.value = '';
          }}
        />
      </Button>
      <Typography variant="caption" color="text.secondary" noWrap title={slot.file?.name}>
        {slot.file?.name ?? t('domainRegistration.images.help', { mb: maxMb })}
      </Typography>
    </Stack>
  );
}
