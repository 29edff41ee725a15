import AddAPhoto from '@mui/icons-material/AddAPhoto';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PHOTO_ACCEPT,
  PHOTO_MESSAGES,
  type PhotoKind,
  photoFileProblem,
} from '@schooliko/common/people/photos';
import type { Staff } from '@schooliko/common/people/staff';
import type { Student } from '@schooliko/common/people/students';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
import { PHOTO_TAGS, peopleApi, useRemovePhotoMutation } from './people.api';
import { PhotoUploadError, uploadPhoto } from './upload-photo';

type Store = { dispatch: AppDispatch; getState: () => RootState };

/**
 * A record's photo (docs/modules.md, "A record with a photo"): the picture, and for those who may
 * change the record, Add/Change photo (the file checked here first, then uploaded with a progress
 * bar) and Remove photo, asked for first. The record and its lists are refreshed after each.
 */
export function PhotoPanel({
  kind,
  id,
  name,
  url,
  canChange,
}: {
  kind: PhotoKind;
  id: string;
  name: string;
  url: string;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useStore() as unknown as Store;
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removePhoto, removing] = useRemovePhotoMutation();
  const busy = progress !== null || removing.isLoading;

  const refresh = (record: Student | Staff, message: string) => {
    setDone(messageText(t, message));
    if (kind === 'students') dispatch(peopleApi.util.upsertQueryData('student', id, record as Student));
    else dispatch(peopleApi.util.upsertQueryData('staffMember', id, record as Staff));
    dispatch(peopleApi.util.invalidateTags([PHOTO_TAGS[kind]]));
  };

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
      refresh(await uploadPhoto(kind, id, file, store, setProgress), PHOTO_MESSAGES.uploaded);
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
      refresh(await removePhoto({ kind, id }).unwrap(), PHOTO_MESSAGES.removed);
      setAsking(false);
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setRemoveError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Stack spacing={1.5} data-testid="photo-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={url || undefined}
          alt={t('people.photoPanel.alt', { name })}
          variant="rounded"
          sx={{ width: 96, height: 96, fontSize: 40, flexShrink: 0 }}
          data-testid="photo-avatar"
        >
          {name[0]}
        </Avatar>
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
          title={t('people.photoPanel.removeTitle', { name })}
          text={t('people.photoPanel.removeText')}
          error={removeError}
          busy={removing.isLoading}
          action={t('people.photoPanel.confirmRemove')}
          onConfirm={() => void remove()}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
