import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveJob } from '../jobs';

/** A fees job's live progress, then its outcome (`done` words the result), calling `onFinished` once. */
export function JobProgress({
  jobId,
  done: doneText,
  onFinished,
}: {
  jobId: string | null;
  done: (result: Record<string, unknown>) => string;
  onFinished?: () => void;
}) {
  const { t } = useTranslation();
  const { job, finished } = useLiveJob(jobId);
  useEffect(() => {
    if (finished) onFinished?.();
  }, [finished, onFinished]);
  if (!jobId) return null;
  const { done = 0, total = 0 } = job?.progress ?? {};
  if (!finished)
    return (
      <Stack sx={{ width: '100%' }} spacing={0.5}>
        <LinearProgress
          variant={total > 0 ? 'determinate' : 'indeterminate'}
          value={total > 0 ? (100 * done) / total : 0}
        />
        <Typography variant="caption">{t('fees.structures.progress', { done, total })}</Typography>
      </Stack>
    );
  if (job?.status === 'done') return <Alert severity="success">{doneText(job.result ?? {})}</Alert>;
  return <Alert severity="error">{job?.failure ?? t('lists.failed')}</Alert>;
}
