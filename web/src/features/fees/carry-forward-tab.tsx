import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@schooliko/common/fees/money';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useYearsQuery } from '../people';
import { examFeesApi, useCarryForwardMutation, useCarryPreviewQuery } from './exam-fees.api';
import { JobProgress } from './job-progress';

/**
 * Previous-year dues (Dues tab): each student's unpaid balance of an earlier year becomes one
 * "Previous year dues" due of the current year; the old dues are closed by a transfer (not cash).
 */
export function CarryForwardTab() {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  const years = [...(useYearsQuery().data ?? [])].sort((a, b) => a.starts_on.localeCompare(b.starts_on));
  const current = years.find((y) => y.is_current);
  const earlier = years.filter((y) => current && y.starts_on < current.starts_on);
  const [fromId, setFromId] = useState('');
  const from = earlier.find((y) => y.id === fromId) ?? earlier[earlier.length - 1];
  const input = from && current ? { from_year_id: from.id, to_year_id: current.id } : null;
  const preview = useCarryPreviewQuery(input ?? { from_year_id: '', to_year_id: '' }, { skip: !input });
  const [carry, { isLoading }] = useCarryForwardMutation();
  const [asking, setAsking] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const refresh = useCallback(
    () => dispatch(examFeesApi.util.invalidateTags(['CarryForward', 'Dues', 'Payments'])),
    [dispatch],
  );
  const start = async () => {
    if (!input) return;
    setError(null);
    try {
      setJobId((await carry(input).unwrap()).job_id);
      setAsking(false);
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  if (!current) return <Alert severity="info">{t('fees.structures.noYear')}</Alert>;
  if (earlier.length === 0 || !from)
    return <Typography color="text.secondary">{t('fees.carry.noEarlier')}</Typography>;
  const p = preview.data;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('fees.carry.intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('fees.carry.from')}
        value={from.id}
        onChange={(e) => setFromId(e.target.value)}
        sx={{ maxWidth: 240 }}
      >
        {earlier.map((y) => (
          <MenuItem key={y.id} value={y.id}>
            {y.name}
          </MenuItem>
        ))}
      </TextField>
      {preview.isLoading && <Skeleton variant="rectangular" height={96} />}
      {preview.isError && <LoadFailed onRetry={() => preview.refetch()} />}
      {p && (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          role="region"
          aria-label={t('fees.carry.title', { year: p.from_year_name })}
        >
          <Typography variant="h6" component="h2">
            {t('fees.carry.title', { year: p.from_year_name })}
          </Typography>
          <Typography data-testid="carry-open">
            {p.students > 0
              ? t('fees.carry.open', { count: p.students, amount: formatRupees(p.total_paise) })
              : t('fees.carry.nothing', { year: p.from_year_name })}
          </Typography>
          {p.carried_students > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="carry-done">
              {t('fees.carry.done', {
                count: p.carried_students,
                amount: formatRupees(p.carried_paise),
                year: p.to_year_name,
              })}
            </Typography>
          )}
          {canWrite && p.students > 0 && (
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={jobId !== null && isLoading}
              onClick={() => setAsking(true)}
            >
              {t('fees.carry.action', { year: p.from_year_name })}
            </Button>
          )}
        </Paper>
      )}
      <JobProgress
        jobId={jobId}
        onFinished={refresh}
        done={(r) => t('fees.carry.finished', { count: Number(r.students ?? 0) })}
      />
      {asking && p && (
        <ConfirmDialog
          title={t('fees.carry.action', { year: p.from_year_name })}
          text={t('fees.carry.confirm', {
            count: p.students,
            amount: formatRupees(p.total_paise),
            from: p.from_year_name,
            to: p.to_year_name,
          })}
          action={t('fees.carry.confirmAction')}
          busy={isLoading}
          error={error}
          onConfirm={() => void start()}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
