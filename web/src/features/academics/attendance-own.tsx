import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useStudentsQuery } from '../people';
import { useStudentMonthQuery } from './attendance.api';
import { CODE_COLOR } from './attendance-take';
import { formatDay } from './dates';

/** One pupil's month: a tile per day with its code, closed days named, the month's and year's %. */
function Month({ studentId, month }: { studentId: string; month: string }) {
  const { t, i18n } = useTranslation();
  const data = useStudentMonthQuery({ id: studentId, month });
  if (data.isLoading) return <Skeleton variant="rounded" height={280} />;
  if (data.isError || !data.data) return <LoadFailed onRetry={data.refetch} />;
  const m = data.data;
  const pct = (v: number | null) => (v === null ? '–' : `${v} %`);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: '1 1 140px' }}>
          <Typography variant="body2" color="text.secondary">
            {t('academics.attendance.own.month')}
          </Typography>
          <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="month-percent">
            {pct(m.month_percent)}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: '1 1 140px' }}>
          <Typography variant="body2" color="text.secondary">
            {t('academics.attendance.own.year')}
          </Typography>
          <Typography
            variant="h5"
            sx={{
              fontWeight: 700,
              color: m.year_percent !== null && m.year_percent < 75 ? 'error.main' : undefined,
            }}
          >
            {pct(m.year_percent)}
          </Typography>
        </Paper>
      </Stack>
      {m.days.every((d) => !d.status) && (
        <Alert severity="info">{t('academics.attendance.own.nothing')}</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 0.75, gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))' }}>
        {m.days.map((d) => (
          <Paper
            key={d.date}
            variant="outlined"
            sx={{
              p: 0.75,
              textAlign: 'center',
              bgcolor:
                d.state !== 'working'
                  ? 'action.hover'
                  : d.status
                    ? `${CODE_COLOR[d.status]}.light`
                    : undefined,
            }}
          >
            <Typography variant="caption" component="p">
              {formatDay(d.date, i18n.language)}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>
              {d.status ??
                (d.state === 'working'
                  ? '·'
                  : d.state === 'holiday'
                    ? (d.holiday ?? '')
                    : t(`academics.attendance.register.closed.${d.state}`))}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('academics.attendance.rule')}
      </Typography>
    </Stack>
  );
}

/** A pupil's or parent's attendance: their own (or a chosen child's) month with percentages. */
export function OwnAttendance() {
  const { t } = useTranslation();
  const mine = useStudentsQuery({ limit: 20 });
  const [picked, setPicked] = useState('');
  const [month, setMonth] = useState(todayInIndia().slice(0, 7));
  if (mine.isLoading) return <Skeleton variant="rounded" height={280} />;
  if (mine.isError) return <LoadFailed onRetry={mine.refetch} />;
  const pupils = mine.data?.items ?? [];
  if (!pupils.length) return <Alert severity="info">{t('academics.attendance.own.noPupil')}</Alert>;
  const id = picked || pupils[0]?.id || '';
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {pupils.length > 1 && (
          <TextField
            select
            size="small"
            label={t('academics.attendance.own.child')}
            value={id}
            onChange={(e) => setPicked(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {pupils.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {`${p.first_name} ${p.last_name}`.trim()}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          type="month"
          label={t('academics.attendance.fields.month')}
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Month studentId={id} month={month} />
    </Stack>
  );
}
