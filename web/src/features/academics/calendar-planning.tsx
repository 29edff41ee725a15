import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CalendarSettings,
  calendarSettingsSchema,
  termInputSchema,
} from '@schooliko/common/academics/calendar';
import type { AcademicYear } from '@schooliko/common/people/classes';
import { useState } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField, RhfDateField } from '../../kit/forms/typed-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useYearsQuery } from '../people';
import {
  useAddTermMutation,
  useCalendarSettingsQuery,
  useSaveCalendarSettingsMutation,
  useTermsQuery,
} from './calendar.api';
import { formatDay } from './dates';

/** A new term's fields. */
const NO_TERM = { name: '', starts_on: '', ends_on: '' };

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
  const [add] = useAddTermMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: termInputSchema,
    defaultValues: NO_TERM,
    toInput: (v: typeof NO_TERM) => ({ academic_year_id: year.id, ...v }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await add(body).unwrap();
      form.reset(NO_TERM);
    },
  });
  const [name, startsOn, endsOn] = useWatch({
    control: form.control,
    name: ['name', 'starts_on', 'ends_on'],
  });
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
      <FormProvider {...form}>
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <FormAlert text={alert} />
          <RhfTextField<typeof NO_TERM> name="name" label={t('academics.calendar.terms.name')} />
          <Stack direction="row" spacing={1}>
            <RhfDateField<typeof NO_TERM> name="starts_on" label={t('academics.calendar.fields.startsOn')} />
            <RhfDateField<typeof NO_TERM> name="ends_on" label={t('academics.calendar.fields.endsOn')} />
          </Stack>
          <SubmitButton
            variant="outlined"
            onClick={() => void submit()}
            disabled={!name.trim() || !startsOn || !endsOn}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('academics.calendar.terms.add')}
          </SubmitButton>
        </Stack>
      </FormProvider>
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
  const [save] = useSaveCalendarSettingsMutation();
  const [saved, setSaved] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    schema: calendarSettingsSchema,
    defaultValues: initial,
    fallback: t('lists.failed'),
    send: async (body) => {
      setSaved(false);
      await save(body).unwrap();
      setSaved(true);
    },
  });
  const offsError = useErrorsAt(form.formState.errors)('weekly_offs', 'saturday_offs');
  const toggle = (list: number[], value: number) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort();
  /** A row of ticks over one list of numbers. */
  const ticks = (name: 'weekly_offs' | 'saturday_offs', values: number[], label: (n: number) => string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <FormGroup row>
          {values.map((n) => (
            <FormControlLabel
              key={n}
              control={
                <Checkbox
                  size="small"
                  checked={field.value.includes(n)}
                  onChange={() => {
                    field.onChange(toggle(field.value, n));
                    form.clearErrors(name);
                  }}
                />
              }
              label={label(n)}
            />
          ))}
        </FormGroup>
      )}
    />
  );
  return (
    <FormProvider {...form}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{t('academics.calendar.week.weeklyOffs')}</Typography>
        {ticks('weekly_offs', [1, 2, 3, 4, 5, 6, 7], (d) => t(`academics.calendar.weekdays.${d}`))}
        <Typography variant="subtitle2">{t('academics.calendar.week.saturdayOffs')}</Typography>
        {ticks('saturday_offs', [1, 2, 3, 4, 5], (n) => t(`academics.calendar.week.nth.${n}`))}
        <RhfCheckField<CalendarSettings>
          name="public_events"
          toggle
          label={t('academics.calendar.week.publicEvents')}
        />
        <FormAlert text={offsError} />
        <FormAlert text={alert} />
        {saved && !alert && (
          <Alert severity="success">{t('academics.messages.calendar.settingsSaved')}</Alert>
        )}
        <SubmitButton variant="outlined" onClick={() => void submit()} sx={{ alignSelf: 'flex-start' }}>
          {t('academics.calendar.save')}
        </SubmitButton>
      </Stack>
    </FormProvider>
  );
}
