import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Description from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  POSTAL_MESSAGES,
  POSTAL_SCAN_ACCEPT,
  POSTAL_SCAN_MAX_MB,
  POSTAL_SCAN_TYPES,
  type PostalEntry,
} from '@schooliko/common/desk/postal';
import { formatMb, MB } from '@schooliko/common/uploads';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { postFormSignedIn } from '../../app/upload-form';
import { useMessageText } from '../../kit/forms/messages';
import { openFile } from '../../kit/lists/download';
import { deskApi } from './desk.api';

type Store = { dispatch: AppDispatch; getState: () => RootState };

/** Where an entry is read from: the front office's register, or the reader's own post. */
export type PostalReach = 'register' | 'mine';

export const sizeOf = (bytes: number) =>
  bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`;

/** What the server's refusal says, in the reader's language. */
type Refusal = { message: string; code?: string; params?: Record<string, string | number> };

/**
 * Uploads an entry's scanned copy (POST /api/postal-records/:id/scan) with its progress; answers
 * the entry, or the server's refusal. The register's list is refreshed after it.
 */
export async function uploadScan(
  id: string,
  file: File,
  store: Store,
  onProgress: (percent: number) => void,
): Promise<{ entry: PostalEntry } | { refusal: Refusal | null }> {
  const outcome = await postFormSignedIn(
    `/api/postal-records/${id}/scan`,
    { field: 'file', file },
    store,
    onProgress,
  ).catch(() => null);
  store.dispatch(deskApi.util.invalidateTags(['Postal']));
  const data = outcome?.body?.data as PostalEntry | undefined;
  if (outcome?.status === 200 && data) return { entry: data };
  const body = outcome?.body;
  return {
    refusal: body?.message
      ? {
          message: String(body.message),
          code: typeof body.code === 'string' ? body.code : undefined,
          params: body.params as Refusal['params'],
        }
      : null,
  };
}

/** The refusal of a file chosen here (type, size), before anything is sent; null when it will do. */
export function checkScan(file: File): string | null {
  if (file.size >= POSTAL_SCAN_MAX_MB * MB)
    return POSTAL_MESSAGES.scanTooLarge(POSTAL_SCAN_MAX_MB, formatMb(file.size)).text;
  if (file.type && !(POSTAL_SCAN_TYPES as readonly string[]).includes(file.type))
    return POSTAL_MESSAGES.scanInvalidType.text;
  return null;
}

/** Opens an entry's scanned copy in a new tab (fetched with the session; never a public link). */
export function OpenScanButton({
  entry,
  size = 'medium',
  reach = 'register',
}: {
  entry: PostalEntry;
  size?: 'small' | 'medium';
  /** The register's copy (front office), or the caller's own post (GET /postal-records/mine/…). */
  reach?: PostalReach;
}) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const [error, setError] = useState<string | null>(null);
  if (!entry.scan) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        size={size}
        startIcon={<Description />}
        onClick={(e) => {
          e.stopPropagation();
          setError(null);
          openFile(`/postal-records/${reach === 'mine' ? 'mine/' : ''}${entry.id}/scan`, token).catch(
            (err: Error) => setError(err.message),
          );
        }}
        aria-label={t('desk.postal.scan.openNamed', { name: entry.scan.name })}
      >
        {t('desk.postal.scan.open')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/**
 * Chooses a scanned copy: checked here first (type, size), shown with its name and size and a
 * button to drop it. `onChange` gets the file (or null).
 */
export function ScanPicker({
  file,
  onChange,
  label,
  progress,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** While uploading: its percentage. */
  progress?: number | null;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const problem = checkScan(chosen);
    setRefused(problem ? text(problem) : null);
    onChange(problem ? null : chosen);
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AttachFile />} onClick={() => input.current?.click()}>
          {label ?? t('desk.postal.scan.attach')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('desk.postal.scan.hint', { mb: POSTAL_SCAN_MAX_MB })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={POSTAL_SCAN_ACCEPT}
          onChange={pick}
          data-testid="postal-scan-input"
        />
      </Stack>
      {file && (
        <Chip
          icon={<Description />}
          label={`${file.name} · ${sizeOf(file.size)}`}
          onDelete={() => onChange(null)}
          deleteIcon={<Close aria-label={t('desk.postal.scan.remove', { name: file.name })} />}
          sx={{ maxWidth: '100%', alignSelf: 'flex-start' }}
        />
      )}
      {progress != null && (
        <Stack spacing={0.5}>
          <Typography variant="caption">{t('desk.postal.scan.uploading', { percent: progress })}</Typography>
          <LinearProgress variant="determinate" value={progress} />
        </Stack>
      )}
      {(refused || error) && (
        <Alert severity="error" role="alert">
          {refused ?? error}
        </Alert>
      )}
    </Stack>
  );
}

/** Uploads a chosen scan for an entry and tracks its progress and refusal, for the dialogs. */
export function useScanUpload() {
  const store = useStore() as unknown as Store;
  const text = useMessageText();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (id: string, file: File): Promise<PostalEntry | null> => {
    setError(null);
    setProgress(0);
    const outcome = await uploadScan(id, file, store, setProgress);
    setProgress(null);
    if ('entry' in outcome) return outcome.entry;
    const r = outcome.refusal;
    setError(
      r
        ? text(r.message, r.code ? { code: r.code, params: r.params } : undefined)
        : text(POSTAL_MESSAGES.scanFailed),
    );
    return null;
  };
  return { upload, progress, error, reset: () => setError(null) };
}
