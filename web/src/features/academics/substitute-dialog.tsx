import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Period,
  type Substitution,
  substitutionInputSchema,
  type TimetableEntry,
} from '@schooliko/common/academics/timetable';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { formatDay } from './dates';
import { useArrangeSubstituteMutation, useFreeTeachersQuery } from './timetable.api';

/** One of the absent teacher's periods: chosen or not, and the free teacher suggested for it. */
function PeriodRow({
  entry,
  period,
  date,
  chosen,
  substitute,
  error,
  onChange,
}: {
  entry: TimetableEntry;
  period: Period | undefined;
  date: string;
  chosen: boolean;
  substitute: string;
  /** What the schema said about this period's arrangement. */
  error: string;
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
          error={Boolean(error)}
          helperText={
            error ||
            (free.isSuccess && !free.data.length
              ? t('academics.substitutes.noneFree')
              : t('academics.substitutes.leastBusy'))
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

/** The periods ticked, each with its substitute as chosen, and the one reason for all of them. */
type Values = { picks: Record<string, { chosen: boolean; substitute: string }>; reason: string };
/** The dialog saves one arrangement a period, each checked as the server checks it. */
const arrangementsSchema = z.object({ arrangements: z.array(substitutionInputSchema) });
const arrangementsOf = ({ picks, reason }: Values, date: string) =>
  Object.entries(picks)
    .filter(([, p]) => p.chosen)
    .map(([entry_id, p]) => ({ entry_id, date, substitute_id: p.substitute, reason }));

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
  const [arrange] = useArrangeSubstituteMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: arrangementsSchema,
    defaultValues: { picks: {}, reason: '' } as Values,
    toInput: (v: Values) => ({ arrangements: arrangementsOf(v, date) }),
    fallback: t('lists.failed'),
    send: async ({ arrangements }) => {
      // One call a period; those arranged are unticked, so a refusal leaves only the rest to save.
      for (const body of arrangements) {
        await arrange(body).unwrap();
        form.setValue(`picks.${body.entry_id}`, { chosen: false, substitute: '' });
      }
      onClose();
    },
  });
  const [picks, reason] = useWatch({ control: form.control, name: ['picks', 'reason'] });
  const chosen = arrangementsOf({ picks, reason }, date);
  const said = useErrorsAt(form.formState.errors);
  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={t('academics.substitutes.title', { teacher: teacherName, date: formatDay(date, i18n.language) })}
      cancel={t('academics.timetable.cancel')}
      onClose={onClose}
      action={t('academics.timetable.save')}
      disabled={!chosen.length || chosen.some((c) => !c.substitute_id)}
      alertFirst
    >
      {!open.length ? (
        <Alert severity="info">{t('academics.substitutes.nothingToArrange')}</Alert>
      ) : (
        <Typography color="text.secondary">{t('academics.substitutes.pickPeriods')}</Typography>
      )}
      {open.map((e) => {
        const n = chosen.findIndex((c) => c.entry_id === e.id);
        return (
          <PeriodRow
            key={e.id}
            entry={e}
            period={periods.find((p) => p.period === e.period)}
            date={date}
            chosen={picks[e.id]?.chosen ?? false}
            substitute={picks[e.id]?.substitute ?? ''}
            error={n < 0 ? '' : said(`arrangements.${n}.substitute_id`)}
            onChange={(isChosen, substitute) => {
              form.setValue(`picks.${e.id}`, { chosen: isChosen, substitute });
              form.clearErrors('arrangements' as never);
            }}
          />
        );
      })}
      {open.length > 0 && (
        <RhfTextField<Values>
          name="reason"
          size="medium"
          label={t('academics.substitutes.reason')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      )}
    </SchemaFormDialog>
  );
}
