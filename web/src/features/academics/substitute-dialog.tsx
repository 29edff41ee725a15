import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Period, Substitution, TimetableEntry } from '@schooliko/common/academics/timetable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { formatDay } from './dates';
import { useArrangeSubstituteMutation, useFreeTeachersQuery } from './timetable.api';

/** One of the absent teacher's periods: chosen or not, and the free teacher suggested for it. */
function PeriodRow({
  entry,
  period,
  date,
  chosen,
  substitute,
  onChange,
}: {
  entry: TimetableEntry;
  period: Period | undefined;
  date: string;
  chosen: boolean;
  substitute: string;
  onChange: (chosen: boolean, substitute: string) => void;
}) {
  const { t } = useTranslation();
  const free = useFreeTeachersQuery({ date, period: entry.period }, { skip: !chosen });
  const label = `${period?.label ?? entry.period} · ${entry.section_label} · ${entry.subject_name}`;
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={<Checkbox checked={chosen} onChange={(e) => onChange(e.target.checked, substitute)} />}
        label={label}
      />
      {chosen && (
        <TextField
          select
          size="small"
          label={t('academics.substitutes.substituteFor', { period: period?.label ?? entry.period })}
          value={substitute}
          onChange={(e) => onChange(true, e.target.value)}
          helperText={
            free.isSuccess && !free.data.length
              ? t('academics.substitutes.noneFree')
              : t('academics.substitutes.leastBusy')
          }
          disabled={!free.isSuccess}
          sx={{ ml: 4 }}
        >
          {(free.data ?? []).map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
              {f.department ? ` · ${f.department}` : ''} ·{' '}
              {t('academics.substitutes.periodsThatDay', { count: f.periods_that_day })}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

/**
 * Arranges substitutes for an absent teacher on a date: pick their periods of that weekday, take
 * a suggested free teacher for each, save.
 */
export function SubstituteDialog({
  teacherName,
  date,
  entries,
  periods,
  arranged,
  onClose,
}: {
  teacherName: string;
  date: string;
  entries: TimetableEntry[];
  periods: Period[];
  arranged: Substitution[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const open = entries.filter((e) => !arranged.some((s) => s.entry_id === e.id));
  const [picks, setPicks] = useState<Record<string, { chosen: boolean; substitute: string }>>({});
  const [reason, setReason] = useState('');
  const [arrange, arranging] = useArrangeSubstituteMutation();
  const [error, setError] = useState<string | null>(null);
  const chosen = Object.entries(picks).filter(([, p]) => p.chosen);
  const submit = async () => {
    setError(null);
    for (const [entryId, pick] of chosen) {
      try {
        await arrange({ entry_id: entryId, date, substitute_id: pick.substitute, reason }).unwrap();
        setPicks((all) => ({ ...all, [entryId]: { chosen: false, substitute: '' } }));
      } catch (e) {
        const failure = failureOf(e, t('lists.failed'));
        setError(messageText(t, failure.message, failure.coded));
        return;
      }
    }
    onClose();
  };
  return (
    <Dialog open onClose={arranging.isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('academics.substitutes.title', { teacher: teacherName, date: formatDay(date, i18n.language) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {!open.length ? (
            <Alert severity="info">{t('academics.substitutes.nothingToArrange')}</Alert>
          ) : (
            <Typography color="text.secondary">{t('academics.substitutes.pickPeriods')}</Typography>
          )}
          {open.map((e) => (
            <PeriodRow
              key={e.id}
              entry={e}
              period={periods.find((p) => p.period === e.period)}
              date={date}
              chosen={picks[e.id]?.chosen ?? false}
              substitute={picks[e.id]?.substitute ?? ''}
              onChange={(isChosen, substitute) =>
                setPicks((all) => ({ ...all, [e.id]: { chosen: isChosen, substitute } }))
              }
            />
          ))}
          {open.length > 0 && (
            <TextField
              label={t('academics.substitutes.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={arranging.isLoading}>
          {t('academics.timetable.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={arranging.isLoading || !chosen.length || chosen.some(([, p]) => !p.substitute)}
        >
          {t('academics.timetable.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
