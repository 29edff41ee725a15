import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_LOW_THRESHOLD, type EditRequest } from '@schooliko/common/academics/attendance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import {
  useAbsenteesQuery,
  useDecideEditRequestMutation,
  useEditRequestsQuery,
  useLowAttendanceQuery,
} from './attendance.api';
import { CODE_COLOR } from './attendance-take';
import { formatDay } from './dates';

const LIMIT = 25;

/** Pupils below the threshold over a range (CBSE: 75 %), lowest first, a page at a time. */
export function LowAttendance({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const [threshold, setThreshold] = useState(DEFAULT_LOW_THRESHOLD);
  const [page, setPage] = useState(1);
  const low = useLowAttendanceQuery(
    { from, to, threshold, page, limit: LIMIT },
    { skip: !from || !to || to < from },
  );
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        type="number"
        label={t('academics.attendance.low.threshold')}
        value={threshold}
        onChange={(e) => {
          setThreshold(Math.min(100, Math.max(1, Number(e.target.value) || DEFAULT_LOW_THRESHOLD)));
          setPage(1);
        }}
        sx={{ width: 160 }}
      />
      {low.isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : low.isError || !low.data ? (
        <LoadFailed onRetry={low.refetch} />
      ) : !low.data.items.length ? (
        <Alert severity="success">{t('academics.attendance.low.none', { threshold })}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">
            {t('academics.attendance.low.count', { count: low.data.pagination.total, threshold })}
          </Typography>
          <Paper variant="outlined">
            <List dense disablePadding data-testid="low-list">
              {low.data.items.map((s) => (
                <ListItem
                  key={s.student_id}
                  divider
                  secondaryAction={<Chip color="error" label={`${s.percent} %`} />}
                >
                  <ListItemText
                    primary={`${s.name} · ${s.section_label}`}
                    secondary={t('academics.attendance.low.days', {
                      marked: s.marked,
                      absent: s.counts.A,
                      leave: s.counts.LV,
                    })}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
          {low.data.pagination.total > LIMIT && (
            <Pagination
              page={page}
              count={Math.ceil(low.data.pagination.total / LIMIT)}
              onChange={(_, p) => setPage(p)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** The pupils absent or on leave on a date, section by section (the admin dashboard links here). */
export function Absentees({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const list = useAbsenteesQuery({ date }, { skip: !date });
  if (list.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (list.isError || !list.data) return <LoadFailed onRetry={list.refetch} />;
  if (!list.data.length)
    return (
      <Alert severity="info">
        {t('academics.attendance.absentees.none', { date: formatDay(date, i18n.language) })}
      </Alert>
    );
  return (
    <Paper variant="outlined">
      <List dense disablePadding data-testid="absentees">
        {list.data.map((s) => (
          <ListItem
            key={s.student_id}
            divider
            secondaryAction={<Chip size="small" color={CODE_COLOR[s.status]} label={s.status} />}
          >
            <ListItemText
              primary={s.name}
              secondary={`${s.section_label} · ${t('academics.attendance.rollNo', { roll: s.roll_no })}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** Pending edit requests for an approver: each change beside the mark as it is, Approve or Reject. */
export function EditRequests() {
  const { t, i18n } = useTranslation();
  const requests = useEditRequestsQuery({ status: 'pending' });
  const [decide, deciding] = useDecideEditRequestMutation();
  const [asking, setAsking] = useState<{ request: EditRequest; decision: 'approve' | 'reject' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (requests.isLoading) return <Skeleton variant="rounded" height={200} />;
  if (requests.isError || !requests.data) return <LoadFailed onRetry={requests.refetch} />;
  if (!requests.data.items.length)
    return <Alert severity="info">{t('academics.attendance.requests.none')}</Alert>;
  return (
    <Stack spacing={1.5}>
      {requests.data.items.map((r) => (
        <Paper key={r.id} variant="outlined" sx={{ p: 2 }} data-testid="edit-request">
          <Typography sx={{ fontWeight: 700 }}>
            {r.section_label} · {formatDay(r.date, i18n.language, true)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('academics.attendance.requests.by', { name: r.requested_by_name })}
          </Typography>
          <List dense disablePadding>
            {r.changes.map((c) => (
              <ListItem key={c.student_id} disableGutters>
                <ListItemText primary={`${c.name}: ${c.from ?? '–'} → ${c.to}`} />
              </ListItem>
            ))}
          </List>
          {!r.changes.length && (
            <Typography variant="body2">{t('academics.attendance.requests.noChange')}</Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="contained" onClick={() => setAsking({ request: r, decision: 'approve' })}>
              {t('academics.attendance.requests.approve')}
            </Button>
            <Button color="warning" onClick={() => setAsking({ request: r, decision: 'reject' })}>
              {t('academics.attendance.requests.reject')}
            </Button>
          </Stack>
        </Paper>
      ))}
      {asking && (
        <ConfirmDialog
          title={t(`academics.attendance.requests.${asking.decision}Title`)}
          text={t(`academics.attendance.requests.${asking.decision}Text`, {
            section: asking.request.section_label,
            date: formatDay(asking.request.date, i18n.language, true),
            count: asking.request.changes.length,
          })}
          action={t(`academics.attendance.requests.${asking.decision}`)}
          color={asking.decision === 'approve' ? 'primary' : 'warning'}
          busy={deciding.isLoading}
          error={error}
          onClose={() => {
            setAsking(null);
            setError(null);
          }}
          onConfirm={async () => {
            try {
              await decide({ id: asking.request.id, decision: asking.decision }).unwrap();
              setAsking(null);
              setError(null);
            } catch (e) {
              const failure = failureOf(e, t('lists.failed'));
              setError(messageText(t, failure.message, failure.coded));
            }
          }}
        />
      )}
    </Stack>
  );
}
