import DoneAll from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  ATTENDANCE_CODES,
  type AttendanceCode,
  type AttendanceDay,
} from '@schooliko/common/academics/attendance';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { formatTime } from '../../app/format-when';
import { messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useAttendanceDayQuery, useSaveAttendanceMutation } from './attendance.api';

/** The colour of each code's chip once chosen. */
export const CODE_COLOR: Record<AttendanceCode, 'success' | 'error' | 'warning' | 'info' | 'secondary'> = {
  P: 'success',
  A: 'error',
  L: 'warning',
  H: 'info',
  LV: 'secondary',
};

/** Why a day cannot be taken, in words. */
function ClosedDay({ day }: { day: AttendanceDay }) {
  const { t } = useTranslation();
  const reason =
    day.day_state === 'holiday'
      ? t('academics.attendance.closed.holiday', { holiday: day.holiday ?? '' })
      : t(`academics.attendance.closed.${day.day_state}`);
  return (
    <Alert severity="info" data-testid="closed-day">
      {reason}
    </Alert>
  );
}

/**
 * The day's sheet of a section: every pupil with the five code chips, "All present" to start
 * from, the exceptions tapped, and Save (or "Ask for approval" for a day past the edit window).
 */
export function TakeAttendance({ sectionId, date }: { sectionId: string; date: string }) {
  const { t, i18n } = useTranslation();
  const day = useAttendanceDayQuery({ section_id: sectionId, date });
  const [save, saving] = useSaveAttendanceMutation();
  const [marks, setMarks] = useState<Record<string, AttendanceCode>>({});
  const [said, setSaid] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (!day.data) return;
    const loaded: Record<string, AttendanceCode> = {};
    for (const item of day.data.items) if (item.status) loaded[item.student_id] = item.status;
    setMarks(loaded);
  }, [day.data]);

  if (day.isLoading) return <Skeleton variant="rounded" height={360} />;
  if (day.isError || !day.data) return <LoadFailed onRetry={day.refetch} />;
  const sheet = day.data;
  if (sheet.day_state !== 'working') return <ClosedDay day={sheet} />;
  if (!sheet.items.length) return <Alert severity="info">{t('academics.attendance.noPupils')}</Alert>;

  const counts = Object.fromEntries(
    ATTENDANCE_CODES.map((c) => [c, Object.values(marks).filter((m) => m === c).length]),
  ) as Record<AttendanceCode, number>;
  const unmarked = sheet.items.filter((i) => !marks[i.student_id]).length;

  const submit = async () => {
    setSaid(null);
    try {
      const res = await save({
        section_id: sectionId,
        date,
        entries: sheet.items.map((i) => ({ student_id: i.student_id, status: marks[i.student_id] ?? 'P' })),
      }).unwrap();
      const requested = res.data.outcome === 'requested';
      setSaid({
        severity: requested ? 'info' : 'success',
        text: requested
          ? t('academics.attendance.requested')
          : [
              t('academics.attendance.saved', { count: res.data.marked, absent: res.data.absent }),
              res.data.alerts ? t('academics.attendance.alertsSent', { count: res.data.alerts }) : '',
            ]
              .filter(Boolean)
              .join(' '),
      });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setSaid({ severity: 'error', text: messageText(t, failure.message, failure.coded) });
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary" data-testid="marked-by">
        {sheet.marked && sheet.marked_at
          ? t('academics.attendance.markedBy', {
              name: sheet.marked_by ?? '',
              time: formatTime(sheet.marked_at, i18n.language),
            })
          : t('academics.attendance.notTaken')}
      </Typography>
      {!sheet.timetabled && <Alert severity="warning">{t('academics.attendance.notTimetabled')}</Alert>}
      {sheet.needs_approval && (
        <Alert severity="info">
          {t('academics.attendance.needsApproval', { count: sheet.edit_window_days })}
        </Alert>
      )}
      {sheet.pending_request_id && <Alert severity="info">{t('academics.attendance.pending')}</Alert>}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          size="large"
          color="success"
          startIcon={<DoneAll />}
          onClick={() => setMarks(Object.fromEntries(sheet.items.map((i) => [i.student_id, 'P' as const])))}
        >
          {t('academics.attendance.allPresent')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          {ATTENDANCE_CODES.map((c) => `${t(`academics.attendance.codes.${c}`)} ${counts[c]}`).join(' · ')}
        </Typography>
      </Stack>
      <Paper
        variant="outlined"
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        aria-label={sheet.section_label}
      >
        {sheet.items.map((pupil, n) => (
          <Box
            component="li"
            key={pupil.student_id}
            data-testid="pupil-row"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 1,
              borderTop: n ? 1 : 0,
              borderColor: 'divider',
              bgcolor: marks[pupil.student_id] === 'A' ? 'error.50' : undefined,
            }}
          >
            <Typography sx={{ width: 28, color: 'text.secondary' }}>{pupil.roll_no}</Typography>
            <Typography sx={{ flex: '1 1 140px', fontWeight: 500 }}>{pupil.name}</Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={marks[pupil.student_id] ?? null}
              onChange={(_, code: AttendanceCode | null) =>
                code && setMarks((m) => ({ ...m, [pupil.student_id]: code }))
              }
              aria-label={pupil.name}
            >
              {ATTENDANCE_CODES.map((code) => (
                <ToggleButton
                  key={code}
                  value={code}
                  color={CODE_COLOR[code]}
                  aria-label={`${pupil.name}: ${t(`academics.attendance.codes.${code}`)}`}
                  sx={{ minWidth: 44, fontWeight: 700 }}
                >
                  {code}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        ))}
      </Paper>
      {said && <Alert severity={said.severity}>{said.text}</Alert>}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          py: 1,
          bgcolor: 'background.default',
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        <Button variant="contained" size="large" onClick={submit} disabled={saving.isLoading || unmarked > 0}>
          {sheet.needs_approval ? t('academics.attendance.askApproval') : t('academics.attendance.save')}
        </Button>
        {unmarked > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('academics.attendance.unmarked', { count: unmarked })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
