import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DayStatus } from '@schooliko/common/academics/calendar';
import type { SchedulePeriod } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { emptyDayNote } from './day-note';
import { Panel } from './panel';

type Props = {
  periods: SchedulePeriod[] | undefined;
  day: DayStatus | undefined;
  viewer: 'teacher' | 'student';
};

/**
 * Today's Schedule: a teacher's lessons (those they cover marked) or a student's whole day (breaks
 * muted, a substitute named). On a holiday or weekly off it says so, naming the holiday.
 */
export function SchedulePanel({ periods, day, viewer }: Props) {
  const { t } = useTranslation();
  const empty = day
    ? emptyDayNote(t, day, periods?.length ?? 0, t(`academics.home.schedule.empty.${viewer}`))
    : null;
  return (
    <Panel
      id="home-schedule"
      title={t('academics.home.schedule.title')}
      loading={!periods || !day}
      empty={empty}
    >
      <List dense disablePadding aria-label={t('academics.home.schedule.title')}>
        {periods?.map((p) => (
          <ListItem
            key={p.period}
            disableGutters
            sx={{ gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ minWidth: 92, fontVariantNumeric: 'tabular-nums', pt: 0.5 }}
            >
              {p.starts_at}–{p.ends_at}
            </Typography>
            <ListItemText
              sx={{
                my: 0.25,
                minWidth: 0,
                flex: 1,
                color: p.kind === 'lesson' ? undefined : 'text.secondary',
              }}
              primary={lessonText(t, p, viewer)}
              secondary={
                p.kind === 'lesson'
                  ? [p.label, p.room && t('academics.home.schedule.room', { room: p.room })]
                      .filter(Boolean)
                      .join(' · ')
                  : undefined
              }
            />
            {p.substitute && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={
                  viewer === 'teacher'
                    ? t('academics.home.schedule.covering', { name: p.covers ?? '' })
                    : t('academics.home.schedule.substitute')
                }
              />
            )}
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}

function lessonText(t: ReturnType<typeof useTranslation>['t'], p: SchedulePeriod, viewer: Props['viewer']) {
  // A break or assembly by the bell schedule's own name ("Lunch", "Short break").
  if (p.kind !== 'lesson') return p.label || t(`academics.timetable.kinds.${p.kind}`);
  if (!p.subject_name) return t('academics.home.schedule.free');
  return viewer === 'teacher'
    ? `${p.section_label} · ${p.subject_name}`
    : `${p.subject_name} · ${p.teacher_name ?? ''}`;
}
