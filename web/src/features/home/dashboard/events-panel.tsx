import EventNote from '@mui/icons-material/EventNote';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { HOME_EVENT_DAYS, type HomeEvent } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../academics';
import { StatCard } from '../../dashboard';
import { Panel } from './panel';

/** Upcoming Events: the next two weeks of the calendar meant for the caller; exams and holidays flagged. */
export function EventsPanel({ events }: { events: HomeEvent[] | undefined }) {
  const { t, i18n } = useTranslation();
  const day = (d: string) => formatDay(d, i18n.language);
  return (
    <Panel
      id="home-events"
      title={t('academics.home.events.title')}
      loading={!events}
      empty={events?.length ? null : t('academics.home.events.empty', { days: HOME_EVENT_DAYS })}
    >
      <List dense disablePadding aria-label={t('academics.home.events.title')}>
        {events?.map((e) => (
          <ListItem key={e.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <ListItemText
              sx={{ my: 0.25, minWidth: 0, flex: 1 }}
              primary={e.title}
              secondary={
                e.starts_on === e.ends_on ? day(e.starts_on) : `${day(e.starts_on)} – ${day(e.ends_on)}`
              }
            />
            {e.kind !== 'event' && (
              <Chip
                size="small"
                variant="outlined"
                color={e.kind === 'exam' ? 'warning' : e.kind === 'holiday' ? 'success' : 'info'}
                label={t(`academics.calendar.kinds.${e.kind}`)}
              />
            )}
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}

/** The Upcoming Events stat card: how many, and how many of them are exams. */
export function EventsStat({ events, loading }: { events: HomeEvent[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const exams = events?.filter((e) => e.kind === 'exam').length ?? 0;
  return (
    <StatCard
      label={t('academics.home.events.title')}
      value={events?.length ?? null}
      icon={EventNote}
      color="info"
      loading={loading}
      hint={exams ? t('academics.home.events.exams', { count: exams }) : t('academics.home.events.hint')}
    />
  );
}
