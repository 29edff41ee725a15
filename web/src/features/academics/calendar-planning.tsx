import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CalendarSettings } from '@schooliko/common/academics/calendar';
import type { AcademicYear } from '@schooliko/common/people/classes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { LoadFailed } from '../lists/load-failed';
import { useYearsQuery } from '../people/people.api';
import {
  useAddTermMutation,
  useCalendarSettingsQuery,
  useSaveCalendarSettingsMutation,
  useTermsQuery,
} from './calendar.api';
import { formatDay } from './dates';

/** What planners set beside the month: the year's terms and the school's week. */
export function CalendarPlanning() {
  const years = useYearsQuery();
  const year = years.data?.find((y) => y.is_current);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>{year && <Terms year={year} />}</Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Week />
      </Grid>
    </Grid>
  );
}

function Terms({ year }: { year: AcademicYear }) {
  const { t, i18n } = useTranslation();
  const terms = useTermsQuery(year.id);
  const [add, adding] = useAddTermMutation();
  const [draft, setDraft] = useState({ name: '', starts_on: '', ends_on: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await add({ academic_year_id: year.id, ...draft }).unwrap();
      setDraft({ name: '', starts_on: '', ends_on: '' });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" component="h2">
        {t('academics.calendar.terms.title', { year: year.name })}
      </Typography>
      {terms.isLoading && <Skeleton height={80} />}
      {terms.isError && <LoadFailed onRetry={terms.refetch} />}
      {terms.isSuccess && terms.data.length === 0 && (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {t('academics.calendar.terms.empty')}
        </Typography>
      )}
      {terms.isSuccess && terms.data.length > 0 && (
        <Stack component="ul" sx={{ pl: 2, my: 1 }}>
          {terms.data.map((term) => (
            <li key={term.id}>
              <Typography>
                <strong>{term.name}</strong>: {formatDay(term.starts_on, i18n.language, true)} –{' '}
                {formatDay(term.ends_on, i18n.language, true)}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          size="small"
          label={t('academics.calendar.terms.name')}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="date"
            fullWidth
            label={t('academics.calendar.fields.startsOn')}
            value={draft.starts_on}
            onChange={(e) => setDraft({ ...draft, starts_on: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            fullWidth
            label={t('academics.calendar.fields.endsOn')}
            value={draft.ends_on}
            onChange={(e) => setDraft({ ...draft, ends_on: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Button
          variant="outlined"
          onClick={submit}
          disabled={adding.isLoading || !draft.name.trim() || !draft.starts_on || !draft.ends_on}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('academics.calendar.terms.add')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Week() {
  const { t } = useTranslation();
  const settings = useCalendarSettingsQuery();
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" component="h2">
        {t('academics.calendar.week.title')}
      </Typography>
      {settings.isLoading && <Skeleton height={120} />}
      {settings.isError && <LoadFailed onRetry={settings.refetch} />}
      {settings.data && <WeekForm initial={settings.data} />}
    </Paper>
  );
}

function WeekForm({ initial }: { initial: CalendarSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [save, saving] = useSaveCalendarSettingsMutation();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = (list: number[], value: number) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort();
  const submit = async () => {
    setSaid(null);
    try {
      await save(draft).unwrap();
      setSaid({ ok: true, text: t('academics.messages.calendar.settingsSaved') });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setSaid({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('academics.calendar.week.weeklyOffs')}</Typography>
      <FormGroup row>
        {[1, 2, 3, 4, 5, 6, 7].map((d) => (
          <FormControlLabel
            key={d}
            control={
              <Checkbox
                size="small"
                checked={draft.weekly_offs.includes(d)}
                onChange={() => setDraft({ ...draft, weekly_offs: toggle(draft.weekly_offs, d) })}
              />
            }
            label={t(`academics.calendar.weekdays.${d}`)}
          />
        ))}
      </FormGroup>
      <Typography variant="subtitle2">{t('academics.calendar.week.saturdayOffs')}</Typography>
      <FormGroup row>
        {[1, 2, 3, 4, 5].map((n) => (
          <FormControlLabel
            key={n}
            control={
              <Checkbox
                size="small"
                checked={draft.saturday_offs.includes(n)}
                onChange={() => setDraft({ ...draft, saturday_offs: toggle(draft.saturday_offs, n) })}
              />
            }
            label={t(`academics.calendar.week.nth.${n}`)}
          />
        ))}
      </FormGroup>
      <FormControlLabel
        control={
          <Switch
            checked={draft.public_events}
            onChange={(e) => setDraft({ ...draft, public_events: e.target.checked })}
          />
        }
        label={t('academics.calendar.week.publicEvents')}
      />
      {said && <Alert severity={said.ok ? 'success' : 'error'}>{said.text}</Alert>}
      <Button
        variant="outlined"
        onClick={submit}
        disabled={saving.isLoading}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('academics.calendar.save')}
      </Button>
    </Stack>
  );
}
