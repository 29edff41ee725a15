import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExamFee } from '@schooliko/common/fees/exams';
import { formatRupees } from '@schooliko/common/fees/money';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { failureOf } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import { formatDate, useYearsQuery } from '../people';
import { ExamFeeDialog } from './exam-fee-dialog';
import { examFeesApi, useBillExamFeeMutation, useExamFeesQuery } from './exam-fees.api';
import { feesApi } from './fees.api';
import { JobProgress } from './job-progress';

const LIMIT = 20;

/** Exam fees (/exam-fees): an exam head billed per exam to chosen classes, with what came in. */
export default function ExamFeesPage() {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  const year = useYearsQuery().data?.find((y) => y.is_current);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useExamFeesQuery(
    year ? { academic_year_id: year.id, page, limit: LIMIT } : { page, limit: LIMIT },
  );
  const [adding, setAdding] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const refresh = useCallback(
    () => dispatch(examFeesApi.util.invalidateTags(['ExamFees', 'Dues'])),
    [dispatch],
  );
  const pages = data ? Math.ceil(data.pagination.total / LIMIT) : 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('fees.exams.title')}
        </Typography>
        {canWrite && (
          <Button variant="contained" startIcon={<Add />} disabled={!year} onClick={() => setAdding(true)}>
            {t('fees.exams.add')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('fees.exams.intro')}
      </Typography>
      {!year && <Alert severity="info">{t('fees.structures.noYear')}</Alert>}
      <JobProgress
        jobId={jobId}
        onFinished={refresh}
        done={(r) =>
          t('fees.exams.billed', { count: Number(r.dues_created ?? 0), students: Number(r.students ?? 0) })
        }
      />
      {isLoading && <Skeleton variant="rectangular" height={160} />}
      {isError && <LoadFailed onRetry={() => refetch()} />}
      {data?.items.length === 0 && (
        <Typography color="text.secondary">
          {canWrite ? t('fees.exams.empty') : t('fees.exams.emptyRead')}
        </Typography>
      )}
      {data?.items.map((e) => (
        <ExamCard key={e.id} exam={e} canWrite={canWrite} onJob={setJobId} />
      ))}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} />}
      {adding && year && (
        <ExamFeeDialog
          year={year}
          onClose={() => setAdding(false)}
          onStarted={(id) => {
            setAdding(false);
            setJobId(id);
            dispatch(feesApi.util.invalidateTags(['Dues']));
          }}
        />
      )}
      {canWrite && (
        <Typography variant="caption" color="text.secondary">
          {t('fees.exams.headHint')} <RouterLink to="/add-fees-type">{t('fees.exams.headLink')}</RouterLink>
        </Typography>
      )}
    </Stack>
  );
}

function ExamCard({
  exam: e,
  canWrite,
  onJob,
}: {
  exam: ExamFee;
  canWrite: boolean;
  onJob: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [bill, { isLoading }] = useBillExamFeeMutation();
  const [error, setError] = useState<string | null>(null);
  const again = async () => {
    setError(null);
    try {
      onJob((await bill(e.id).unwrap()).job_id);
    } catch (err) {
      const failure = failureOf(err, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  const figures = [
    { label: t('fees.exams.billedAmount'), value: e.billed_paise },
    { label: t('fees.exams.collected'), value: e.collected_paise },
    { label: t('fees.exams.outstanding'), value: e.outstanding_paise },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label={e.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {e.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {e.head_name} · {t('fees.exams.dueOn', { date: formatDate(e.due_on, i18n.language) })}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {e.classes.map((c) => `${c.class_name} ${formatRupees(c.amount_paise)}`).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('fees.structures.billed', { count: e.billed })}
      </Typography>
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 2 }}>
        {figures.map((f) => (
          <div key={f.label}>
            <Typography variant="caption" color="text.secondary">
              {f.label}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{formatRupees(f.value)}</Typography>
          </div>
        ))}
      </Stack>
      {canWrite && (
        <Button
          variant="outlined"
          size="small"
          sx={{ mt: 1 }}
          disabled={isLoading}
          onClick={() => void again()}
        >
          {t('fees.exams.billAgain')}
        </Button>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
