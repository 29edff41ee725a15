import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeeStructure } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useLiveJob } from '../jobs';
import { useYearsQuery } from '../people';
import { feesApi, useFeeStructuresQuery, useGenerateDuesMutation } from './fees.api';
import { StructureDialog } from './structure-dialog';

/** The year's fee structures, one per class, and the job that bills their classes. */
export function StructuresTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const year = useYearsQuery().data?.find((y) => y.is_current);
  const { data, isLoading, isError, refetch } = useFeeStructuresQuery();
  const [adding, setAdding] = useState(false);
  const unbilled = (data ?? []).filter((s) => s.students_billed === 0).map((s) => s.id);
  return (
    <Stack spacing={2}>
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" startIcon={<Add />} disabled={!year} onClick={() => setAdding(true)}>
            {t('fees.structures.add')}
          </Button>
          {data && data.length > 0 && (
            <GenerateButton ids={data.map((s) => s.id)} label={t('fees.structures.generateAll')} />
          )}
        </Stack>
      )}
      {!year && <Alert severity="info">{t('fees.structures.noYear')}</Alert>}
      {isLoading && <Skeleton variant="rectangular" height={160} />}
      {isError && <LoadFailed onRetry={() => refetch()} />}
      {data?.length === 0 && <Typography color="text.secondary">{t('fees.structures.empty')}</Typography>}
      {unbilled.length > 0 && canWrite && (
        <Alert severity="warning">{t('fees.structures.unbilled', { count: unbilled.length })}</Alert>
      )}
      {data?.map((s) => (
        <StructureCard key={s.id} structure={s} canWrite={canWrite} />
      ))}
      {adding && year && <StructureDialog year={year} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function StructureCard({ structure: s, canWrite }: { structure: FeeStructure; canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      role="region"
      aria-label={t('fees.structures.of', { class: s.class_name })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('fees.structures.of', { class: s.class_name })}
          {s.student_category && ` · ${s.student_category}`}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{formatRupees(s.total_paise)}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(`fees.plans.${s.plan}`)} · {s.instalments.map((i) => i.label).join(', ')} ·{' '}
        {t('fees.structures.billed', { count: s.students_billed })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {s.lines
          .map((l) => `${l.head_name} ${formatRupees(l.amounts_paise.reduce((a, b) => a + b, 0))}`)
          .join(' · ')}
      </Typography>
      {canWrite && <GenerateButton ids={[s.id]} label={t('fees.structures.generate')} />}
    </Paper>
  );
}

/** Starts the dues job for these structures and shows its progress until it ends. */
function GenerateButton({ ids, label }: { ids: string[]; label: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [generate, { isLoading }] = useGenerateDuesMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { job, finished } = useLiveJob(jobId);
  useEffect(() => {
    if (finished) dispatch(feesApi.util.invalidateTags(['FeeStructures', 'Dues']));
  }, [finished, dispatch]);
  const start = async () => {
    setError(null);
    try {
      setJobId((await generate(ids).unwrap()).job_id);
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  const running = jobId !== null && !finished;
  const { done = 0, total = 0 } = job?.progress ?? {};
  return (
    <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={() => void start()} disabled={isLoading || running}>
        {label}
      </Button>
      {running && (
        <Stack sx={{ width: '100%' }} spacing={0.5}>
          <LinearProgress
            variant={total > 0 ? 'determinate' : 'indeterminate'}
            value={total > 0 ? (100 * done) / total : 0}
          />
          <Typography variant="caption">{t('fees.structures.progress', { done, total })}</Typography>
        </Stack>
      )}
      {finished && job?.status === 'done' && (
        <Alert severity="success">
          {t('fees.structures.generated', {
            count: Number(job.result?.dues_created ?? 0),
            students: Number(job.result?.students ?? 0),
          })}
        </Alert>
      )}
      {finished && job?.status === 'failed' && (
        <Alert severity="error">{job.failure ?? t('lists.failed')}</Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
