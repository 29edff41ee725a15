import EventBusy from '@mui/icons-material/EventBusy';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { weekdayOf } from '@schooliko/common/academics/calendar';
import type { Period, TimetableEntry } from '@schooliko/common/academics/timetable';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { Staff } from '@schooliko/common/people/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../kit/forms/when-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { formatDay } from './dates';
import { SubstituteDialog } from './substitute-dialog';
import { useSubstitutionsQuery } from './timetable.api';

/** A staff member as pickers and titles name them. */
export const staffName = (s: Staff) => `${s.first_name} ${s.last_name}`.trim();

/** A teacher's substitutions of a date, and (for planners) arranging substitutes while they are away. */
export function TeacherDay({
  teacher,
  entries,
  periods,
  canWrite,
}: {
  teacher: Staff;
  entries: TimetableEntry[];
  periods: Period[];
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState(todayInIndia());
  const subs = useSubstitutionsQuery({ date, teacher_id: teacher.id }, { skip: !date });
  const [arranging, setArranging] = useState(false);
  const ofDay = entries.filter((e) => date && e.day === weekdayOf(date));
  const periodLabel = (n: number) => periods.find((p) => p.period === n)?.label ?? String(n);
  return (
    <Paper variant="outlined" sx={{ p: 2, '@media print': { display: 'none' } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
            {t('academics.substitutes.heading')}
          </Typography>
          <DateField
            fullWidth={false}
            label={t('academics.substitutes.date')}
            value={date}
            onChange={setDate}
          />
          {canWrite && (
            <Button
              variant="outlined"
              startIcon={<EventBusy />}
              onClick={() => setArranging(true)}
              disabled={!date}
            >
              {t('academics.substitutes.arrange')}
            </Button>
          )}
        </Stack>
        {subs.isLoading ? (
          <Skeleton variant="rounded" height={48} />
        ) : subs.isError ? (
          <LoadFailed onRetry={subs.refetch} />
        ) : !subs.data?.length ? (
          <Typography color="text.secondary">
            {t('academics.substitutes.none', { date: formatDay(date, i18n.language) })}
          </Typography>
        ) : (
          <List dense disablePadding>
            {subs.data.map((s) => (
              <ListItem key={s.id} disableGutters>
                <ListItemText
                  primary={t(
                    s.substitute_id === teacher.id
                      ? 'academics.substitutes.takes'
                      : 'academics.substitutes.covered',
                    {
                      period: periodLabel(s.period),
                      section: s.section_label,
                      subject: s.subject_name,
                      teacher: s.teacher_name,
                      substitute: s.substitute_name,
                    },
                  )}
                  secondary={s.reason || undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
      {arranging && (
        <SubstituteDialog
          teacherName={staffName(teacher)}
          date={date}
          entries={ofDay}
          periods={periods}
          arranged={subs.data ?? []}
          onClose={() => setArranging(false)}
        />
      )}
    </Paper>
  );
}
