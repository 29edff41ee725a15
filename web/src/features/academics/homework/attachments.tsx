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
  HOMEWORK_FILE_ACCEPT,
  HOMEWORK_FILE_MAX_BYTES,
  HOMEWORK_FILE_MAX_MB,
  HOMEWORK_MAX_FILES,
  HOMEWORK_MESSAGES,
  type HomeworkFile,
} from '@schooliko/common/academics/homework';
import { formatMb } from '@schooliko/common/uploads';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useMessageText } from '../../../kit/forms/messages';
import { HomeworkUploadError, openHomeworkFile, uploadHomeworkFile } from './homework.api';

type Store = Parameters<typeof uploadHomeworkFile>[1];

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Files to open: each a chip that fetches it with the session and opens or downloads it. */
export function FileChips({ files }: { files: HomeworkFile[] }) {
  const store = useStore() as unknown as Store;
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!files.length) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {files.map((f) => (
          <Chip
            key={f.id}
            icon={<Description />}
            label={`${f.name} · ${sizeOf(f.bytes)}`}
            onClick={async () => setFailed(!(await openHomeworkFile(f, store)))}
            variant="outlined"
            sx={{ maxWidth: '100%' }}
          />
        ))}
      </Stack>
      {failed && <Alert severity="error">{t('academics.homework.files.openFailed')}</Alert>}
    </Stack>
  );
}

type Uploading = { key: number; name: string; percent: number };

/**
 * Files to attach: each is checked here (type, size), uploaded at once with its own progress bar
 * and listed with a remove button; `onChange` gets the uploaded files.
 */
export function AttachmentPicker({
  files,
  onChange,
  onBusy,
}: {
  files: HomeworkFile[];
  onChange: (files: HomeworkFile[]) => void;
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const store = useStore() as unknown as Store;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(files);
  latest.current = files;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    const room = HOMEWORK_MAX_FILES - latest.current.length - uploading.length;
    if (chosen.length > room) {
      setError(text(HOMEWORK_MESSAGES.tooManyFiles(HOMEWORK_MAX_FILES)));
      return;
    }
    onBusy?.(true);
    await Promise.all(
      chosen.map(async (file, n) => {
        if (file.size >= HOMEWORK_FILE_MAX_BYTES) {
          setError(text(HOMEWORK_MESSAGES.fileTooLarge(HOMEWORK_FILE_MAX_MB, formatMb(file.size))));
          return;
        }
        const key = Date.now() + n;
        setUploading((u) => [...u, { key, name: file.name, percent: 0 }]);
        try {
          const stored = await uploadHomeworkFile(file, store, (percent) =>
            setUploading((u) => u.map((x) => (x.key === key ? { ...x, percent } : x))),
          );
          latest.current = [...latest.current, stored];
          onChange(latest.current);
        } catch (e) {
          const body = e instanceof HomeworkUploadError ? e.body : null;
          const code = typeof body?.code === 'string' ? body.code : undefined;
          const params = body?.params as Record<string, string | number> | undefined;
          setError(
            body?.message
              ? text(String(body.message), code ? { code, params } : undefined)
              : t('academics.homework.files.failed'),
          );
        } finally {
          setUploading((u) => u.filter((x) => x.key !== key));
        }
      }),
    );
    onBusy?.(false);
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AttachFile />}
          onClick={() => input.current?.click()}
          disabled={files.length + uploading.length >= HOMEWORK_MAX_FILES}
        >
          {t('academics.homework.files.attach')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('academics.homework.files.hint', { max: HOMEWORK_MAX_FILES, mb: HOMEWORK_FILE_MAX_MB })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={HOMEWORK_FILE_ACCEPT}
          onChange={pick}
          data-testid="homework-file-input"
        />
      </Stack>
      {uploading.map((u) => (
        <Stack key={u.key} spacing={0.5}>
          <Typography variant="caption" noWrap>
            {t('academics.homework.files.uploading', { name: u.name, percent: u.percent })}
          </Typography>
          <LinearProgress variant="determinate" value={u.percent} />
        </Stack>
      ))}
      {files.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {files.map((f) => (
            <Chip
              key={f.id}
              icon={<Description />}
              label={`${f.name} · ${sizeOf(f.bytes)}`}
              onDelete={() => onChange(files.filter((x) => x.id !== f.id))}
              deleteIcon={<Close aria-label={t('academics.homework.files.remove', { name: f.name })} />}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
