import AddAPhoto from '@mui/icons-material/AddAPhoto';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PHOTO_ACCEPT, PHOTO_MESSAGES, photoFileProblem } from '@schooliko/common/people/photos';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { PhotoAvatar } from '../../app/photo-avatar';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { PhotoUploadError } from './upload-photo';

/**
 * A person's photo: the picture, and for those who may change it, Add/Change photo (the file
 * checked here first, then sent by `upload` with a progress bar) and Remove photo, asked for
 * first (`removeTitle`, `removeText`). Used for records (RecordPhotoPanel) and for the person's
 * own photo on Profile Settings.
 */
export function PhotoPanel({
  name,
  url,
  canChange,
  removeTitle,
  removeText,
  upload,
  remove: removePhoto,
  removing,
}: {
  name: string;
  url: string;
  canChange: boolean;
  removeTitle: string;
  removeText: string;
  /** Sends the checked file, telling its progress; rejects with a PhotoUploadError. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<void>;
  /** Removes the photo; rejects as an RTK Query mutation does. */
  remove: () => Promise<void>;
  removing: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const busy = progress !== null || removing;

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setDone(null);
    const problem = photoFileProblem(file);
    if (problem) {
      setError(messageText(t, problem));
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
      setDone(messageText(t, PHOTO_MESSAGES.uploaded));
    } catch (e) {
      const failed = e instanceof PhotoUploadError ? e : new PhotoUploadError(String(e));
      setError(messageText(t, failed.message, failed.coded));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoveError(null);
    try {
      await removePhoto();
      setDone(messageText(t, PHOTO_MESSAGES.removed));
      setAsking(false);
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setRemoveError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Stack spacing={1.5} data-testid="photo-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PhotoAvatar
          url={url}
          alt={t('people.photoPanel.alt', { name })}
          variant="rounded"
          sx={{ width: 96, height: 96, fontSize: 40, flexShrink: 0 }}
          data-testid="photo-avatar"
        >
          {name[0]}
        </PhotoAvatar>
        {canChange && (
          <Stack spacing={1} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
            <Button
              variant="outlined"
              startIcon={<AddAPhoto />}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              {t(url ? 'people.photoPanel.change' : 'people.photoPanel.add')}
            </Button>
            {url && (
              <Button
                color="error"
                startIcon={<DeleteOutline />}
                disabled={busy}
                onClick={() => {
                  setRemoveError(null);
                  setAsking(true);
                }}
              >
                {t('people.photoPanel.remove')}
              </Button>
            )}
            <Typography variant="caption" color="text.secondary">
              {t('people.photoPanel.hint')}
            </Typography>
          </Stack>
        )}
      </Stack>
      {canChange && (
        <input
          ref={input}
          type="file"
          hidden
          accept={PHOTO_ACCEPT}
          aria-label={t(url ? 'people.photoPanel.change' : 'people.photoPanel.add')}
          data-testid="photo-input"
          onChange={(e) => void picked(e)}
        />
      )}
      {progress !== null && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">{t('people.photoPanel.uploading', { percent: progress })}</Typography>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('people.photoPanel.uploading', { percent: progress })}
          />
        </Box>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {done && !error && progress === null && (
        <Alert severity="success" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {asking && (
        <ConfirmDialog
          title={removeTitle}
          text={removeText}
          error={removeError}
          busy={removing}
          action={t('people.photoPanel.confirmRemove')}
          onConfirm={() => void remove()}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
