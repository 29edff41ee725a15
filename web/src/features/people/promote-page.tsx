import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PromotionResult } from '@schooliko/common/people/promotions';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { type Said, useMessageText } from '../../kit/forms/messages';
import { useLiveJob } from '../jobs';
import { DetainDialog } from './detain-dialog';
import { nextSession } from './format';
import {
  peopleApi,
  useCreateYearMutation,
  usePromoteMutation,
  usePromotionPreviewQuery,
  useYearsQuery,
} from './people.api';
import { PromotionTable } from './promotion-table';
import { viewCurrentYear, viewYear } from './viewed-year.slice';

/**
 * Year-end promotion (/student/promote, admins): choose the year and the one to promote into,
 * read the preview per section, tick who is detained, confirm, then watch the job move everyone.
 */
export default function PromotePage() {
  const { t } = useTranslation();
  const say = useMessageText();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const years = useYearsQuery();
  const all = years.data ?? [];
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const [detained, setDetained] = useState<Set<string>>(new Set());
  const [setCurrent, setSetCurrent] = useState(true);
  const [choosing, setChoosing] = useState<{ id: string; label: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<Said | null>(null);
  const [createYear, creating] = useCreateYearMutation();
  const [promote, starting] = usePromoteMutation();

  const from = all.find((y) => y.id === fromId);
  const to = all.find((y) => y.id === toId);
  const later = useMemo(() => (from ? all.filter((y) => y.starts_on > from.starts_on) : []), [all, from]);
  // Defaults: promote the current year into the first session after it.
  useEffect(() => {
    if (!fromId && all.length) setFromId((all.find((y) => y.is_current) ?? all[0])?.id ?? '');
  }, [all, fromId]);
  useEffect(() => {
    if (from && !later.some((y) => y.id === toId))
      setToId([...later].sort((a, b) => a.starts_on.localeCompare(b.starts_on))[0]?.id ?? '');
  }, [from, later, toId]);

  const body = {
    from_year_id: fromId,
    to_year_id: toId,
    detained_ids: [...detained].sort(),
    set_current: false,
  };
  const preview = usePromotionPreviewQuery(body, { skip: !fromId || !toId || Boolean(jobId) });
  const plan = preview.currentData;
  const { job, finished } = useLiveJob(jobId);
  const result = job?.status === 'done' ? (job.result as PromotionResult) : null;
  useEffect(() => {
    if (finished) dispatch(peopleApi.util.invalidateTags(['Students', 'Sections', 'Years']));
  }, [finished, dispatch]);

  const toggle = (id: string) =>
    setDetained((d) => {
      const next = new Set(d);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const addNextYear = async () => {
    if (!from) return;
    setFailure(null);
    try {
      const made = await createYear(nextSession(from)).unwrap();
      setToId(made.id);
    } catch (e) {
      setFailure(failureOf(e, t('lists.failed')));
    }
  };
  const run = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      const started = await promote({ ...body, set_current: setCurrent }).unwrap();
      setJobId(started.job_id);
    } catch (e) {
      setFailure(failureOf(e, t('lists.failed')));
    }
  };

  const running = Boolean(jobId) && !finished;
  const locked = running || Boolean(result);
  const progress = job?.progress;
  if (years.isLoading) return <LinearProgress aria-label={t('people.promote.loading')} />;
  if (years.isError)
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => years.refetch()}>{t('people.promote.retry')}</Button>}
      >
        {t('people.promote.failed')}
      </Alert>
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('people.promote.title')}
      </Typography>
      <Typography variant="body2">{t('people.promote.help')}</Typography>
      {all.length === 0 && <Alert severity="info">{t('people.promote.noYears')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('people.promote.from')}
          value={fromId}
          disabled={locked}
          onChange={(e) => setFromId(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          {all.map((y) => (
            <MenuItem key={y.id} value={y.id}>
              {y.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('people.promote.to')}
          value={later.some((y) => y.id === toId) ? toId : ''}
          disabled={locked || later.length === 0}
          onChange={(e) => setToId(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          {later.map((y) => (
            <MenuItem key={y.id} value={y.id}>
              {y.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {from && later.length === 0 && (
        <Alert
          severity="info"
          action={
            <Button onClick={() => void addNextYear()} disabled={creating.isLoading}>
              {t('people.promote.createYear', { name: nextSession(from).name })}
            </Button>
          }
        >
          {t('people.promote.noLaterYear', { name: from.name })}
        </Alert>
      )}
      {failure && <Alert severity="error">{say(failure.message, failure.coded)}</Alert>}
      {to && !jobId && preview.isFetching && !plan && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{t('people.promote.loading')}</Typography>
        </Stack>
      )}
      {to && !jobId && preview.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => preview.refetch()}>{t('people.promote.retry')}</Button>}
        >
          {say(failureOf(preview.error, t('people.promote.failed')).message)}
        </Alert>
      )}
      {plan && plan.totals.students === 0 && !jobId && (
        <Alert severity="info">{t('people.promote.empty', { name: plan.from_year.name })}</Alert>
      )}
      {plan && plan.totals.students > 0 && (
        <>
          <PromotionTable
            plan={plan}
            disabled={locked}
            onDetain={(id, label) => setChoosing({ id, label })}
          />
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {t('people.promote.totals', plan.totals)}
          </Typography>
          {plan.conflicts.length > 0 && (
            <Alert severity="error">
              {t('people.promote.conflicts')}
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {plan.conflicts.map((c) => (
                  <li key={c.message}>{say(c.message, { code: c.code, params: c.params })}</li>
                ))}
              </ul>
            </Alert>
          )}
          {!jobId && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <FormControlLabel
                control={<Checkbox checked={setCurrent} onChange={(e) => setSetCurrent(e.target.checked)} />}
                label={t('people.promote.setCurrent', { name: plan.to_year.name })}
              />
              <Button
                variant="contained"
                disabled={plan.conflicts.length > 0 || starting.isLoading || preview.isFetching}
                onClick={() => setConfirming(true)}
              >
                {t('people.promote.run', { count: plan.totals.students })}
              </Button>
            </Stack>
          )}
        </>
      )}
      {running && (
        <Stack spacing={1}>
          <LinearProgress
            variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0}
            aria-label={t('people.promote.title')}
          />
          <Typography variant="body2">
            {t('people.promote.running', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
          </Typography>
        </Stack>
      )}
      {job?.status === 'failed' && (
        <Alert severity="error">{t('people.promote.jobFailed', { reason: job.failure ?? '' })}</Alert>
      )}
      {result && to && (
        <Alert
          severity="success"
          action={
            <Button
              color="inherit"
              onClick={() => {
                dispatch(result.made_current ? viewCurrentYear() : viewYear({ id: to.id, name: to.name }));
                navigate('/student');
              }}
            >
              {t('people.promote.viewLists', { name: to.name })}
            </Button>
          }
        >
          {t('people.promote.result', result)}{' '}
          {result.made_current && t('people.promote.madeCurrent', { name: to.name })}
        </Alert>
      )}
      {choosing && (
        <DetainDialog
          sectionId={choosing.id}
          label={choosing.label}
          detained={detained}
          onToggle={toggle}
          onClose={() => setChoosing(null)}
        />
      )}
      {plan && (
        <Dialog open={confirming} onClose={() => setConfirming(false)}>
          <DialogTitle>
            {t('people.promote.confirmTitle', { from: plan.from_year.name, to: plan.to_year.name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>{t('people.promote.confirmText', plan.totals)}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{t('people.promote.cancel')}</Button>
            <Button variant="contained" color="warning" onClick={() => void run()}>
              {t('people.promote.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
